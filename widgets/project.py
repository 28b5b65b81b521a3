"""Where this copy of the project is published: the one setting ``repository`` of
``widgets/project.cfg`` ("owner/name" on GitHub), and the links made from it, to the app and to
JupyterLab on Binder and to the static site on GitHub Pages. The contents page and the
teacher's guide show them; ``README.md``'s badges are written from it
(``python -m widgets.project --write-readme``; a test checks they agree). The file is package
data, so the setting is read the same in the Voilà app, on Binder and in the static site.
"""
from __future__ import annotations

import configparser
import pathlib
import re
import sys
from html import escape

from foxlib.words.home_progress import PROJECT_LINKS

HERE = pathlib.Path(__file__).parent
SETTINGS = HERE / "project.cfg"
README = HERE.parent / "README.md"
#: GitHub's rules for an owner and a repository name.
_REPOSITORY = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})/[A-Za-z0-9._-]{1,100}$")
APP_URLPATH = "voila%2Frender%2Fnotebooks%2Findex.ipynb"
#: README.md's badges are written between these two lines.
README_START = "<!-- Binder badges: written from widgets/project.cfg by `python -m widgets.project --write-readme` -->"
README_END = "<!-- end of the Binder badges -->"
PLACEHOLDER = "OWNER/REPO"


def repository(path: pathlib.Path | None = None) -> str | None:
    """The ``repository`` setting of ``path`` (default ``SETTINGS``): "owner/name", or None when
    it is empty. A value that is not a GitHub repository raises ValueError naming the file and
    what is wrong."""
    path = SETTINGS if path is None else path
    config = configparser.ConfigParser()
    try:
        config.read_string(path.read_text(encoding="utf-8"), source=str(path))
    except (OSError, configparser.Error) as exc:
        raise ValueError(PROJECT_LINKS["unreadable"].format(path=path, error=exc)) from None
    value = config.get("links", "repository", fallback="").strip().strip("/")
    value = value.removeprefix("https://github.com/").removesuffix(".git")
    if not value:
        return None
    if not _REPOSITORY.match(value):
        raise ValueError(PROJECT_LINKS["bad_repository"].format(path=path, value=value))
    return value


def binder_url(repo: str, urlpath: str = APP_URLPATH) -> str:
    """A Binder link to ``repo``'s default branch, opening ``urlpath`` (the app, or "lab")."""
    return f"https://mybinder.org/v2/gh/{repo}/HEAD?urlpath={urlpath}"


def site_url(repo: str) -> str:
    """Where GitHub Pages serves ``repo``'s static site (.github/workflows/site.yml)."""
    owner, name = repo.split("/")
    if name.lower() == f"{owner.lower()}.github.io":
        return f"https://{owner.lower()}.github.io/"
    return f"https://{owner.lower()}.github.io/{name}/"


def links(repo: str | None) -> list[tuple[str, str]]:
    """(words, address) of each link of ``repo``: the static site, the app and JupyterLab on
    Binder, the repository; [] without a repository."""
    if repo is None:
        return []
    return [(PROJECT_LINKS["site"], site_url(repo)), (PROJECT_LINKS["binder_app"], binder_url(repo)),
            (PROJECT_LINKS["binder_lab"], binder_url(repo, "lab")),
            (PROJECT_LINKS["repository"], f"https://github.com/{repo}")]


def _setting() -> tuple[str | None, str | None]:
    """(repository, problem): a bad setting is a problem to show, never a failed page."""
    try:
        return repository(), None
    except ValueError as exc:
        return None, str(exc)


def links_markdown(repo: str | None = None, problem: str | None = None) -> str:
    """The teacher's guide's paragraph of this copy's links (Markdown), or how to set them."""
    if repo is None and problem is None:
        repo, problem = _setting()
    if problem:
        return PROJECT_LINKS["problem"].format(problem=problem)
    if repo is None:
        return PROJECT_LINKS["unset"]
    listed = " · ".join(f"[{words}]({url})" for words, url in links(repo))
    return PROJECT_LINKS["set"].format(repository=repo, links=listed)


def links_html(repo: str | None = None, learners: bool = True) -> str:
    """The same as HTML. For ``learners`` (the contents page) nothing when there are no links."""
    if repo is None:
        repo, problem = _setting()
        if repo is None and (learners or not problem):
            return "" if learners else escape(PROJECT_LINKS["unset"])
    listed = " · ".join(f"<a href='{escape(url)}' target='_blank' rel='noopener'>"
                        f"{escape(words)}</a>" for words, url in links(repo))
    return f"<p class='fox-project-links'>{escape(PROJECT_LINKS['lead'])} {listed}</p>"


def readme_badges(repo: str | None) -> str:
    """README.md's two Binder badges for ``repo`` (OWNER/REPO when the setting is empty)."""
    repo = repo or PLACEHOLDER
    return "\n".join([README_START, PROJECT_LINKS["badge_app"].format(url=binder_url(repo)),
                      PROJECT_LINKS["badge_lab"].format(url=binder_url(repo, "lab")),
                      README_END])


def readme_with_badges(text: str, repo: str | None) -> str:
    start, end = text.index(README_START), text.index(README_END) + len(README_END)
    return text[:start] + readme_badges(repo) + text[end:]


class ProjectLinks:
    """The teacher's guide's links to this copy (shown as Markdown in the page)."""

    def _repr_markdown_(self) -> str:
        return links_markdown()


if __name__ == "__main__":
    if sys.argv[1:] != ["--write-readme"]:
        sys.exit(PROJECT_LINKS["usage"])
    try:
        repo = repository()
    except ValueError as exc:
        sys.exit(str(exc))
    README.write_text(readme_with_badges(README.read_text(encoding="utf-8"), repo),
                      encoding="utf-8")
    print(PROJECT_LINKS["written"].format(repository=repo or PLACEHOLDER))
