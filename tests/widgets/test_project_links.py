"""One setting says where this copy of the project is published (``repository`` in
widgets/project.cfg): the contents page, the teacher's guide and README.md's Binder badges
link that repository's Binder and static site. A fork changes that one line; these tests change
it and the links follow. Empty, no page shows such a link; a bad value is said clearly."""
from __future__ import annotations

import pytest

import widgets.project as project
from widgets.home import page_html

SET = "[links]\nrepository = {}\n"


@pytest.fixture
def setting(tmp_path, monkeypatch):
    """set(value): write the setting to a file of the test's own and use it."""
    path = tmp_path / "project.cfg"

    def set_to(value: str):
        path.write_text(SET.format(value), encoding="utf-8")
        monkeypatch.setattr(project, "SETTINGS", path)
        return path
    return set_to


def test_the_shipped_setting_is_read_and_the_readme_agrees_with_it():
    repo = project.repository()
    readme = project.README.read_text(encoding="utf-8")
    assert project.readme_badges(repo) in readme, (
        "README.md's Binder badges do not follow widgets/project.cfg: run "
        ".venv/bin/python -m widgets.project --write-readme")


def test_a_forks_setting_moves_every_link(setting):
    setting("my-school/fox-explorer")
    assert project.repository() == "my-school/fox-explorer"
    home = page_html(sets=[])
    guide = project.links_markdown()
    for text in (home, guide):
        assert "https://my-school.github.io/fox-explorer/" in text
        assert ("https://mybinder.org/v2/gh/my-school/fox-explorer/HEAD?urlpath="
                "voila%2Frender%2Fnotebooks%2Findex.ipynb") in text
        assert "https://mybinder.org/v2/gh/my-school/fox-explorer/HEAD?urlpath=lab" in text
        assert "OWNER" not in text
    readme = project.readme_with_badges(project.README.read_text(encoding="utf-8"),
                                        project.repository())
    assert "mybinder.org/v2/gh/my-school/fox-explorer/HEAD" in readme
    assert "OWNER/REPO" not in readme.split(project.README_END)[0].split(project.README_START)[1]


def test_a_github_address_or_a_user_site_is_understood(setting):
    setting("https://github.com/My-School/my-school.github.io.git")
    assert project.repository() == "My-School/my-school.github.io"
    assert project.site_url(project.repository()) == "https://my-school.github.io/"


def test_without_a_repository_the_contents_page_has_no_such_links(setting):
    setting("")
    assert project.repository() is None
    home = page_html(sets=[])
    assert "mybinder.org" not in home and "github.io" not in home
    assert "widgets/project.cfg" in project.links_markdown()   # the guide says where to set it


def test_a_bad_setting_is_said_with_the_file_and_the_value(setting):
    path = setting("not a repository")
    with pytest.raises(ValueError) as error:
        project.repository()
    assert str(path) in str(error.value) and "'not a repository'" in str(error.value)
    assert "owner and name" in str(error.value)
    assert "not a repository" in project.links_markdown()      # the guide shows the problem
    assert "mybinder.org" not in page_html(sets=[])            # the contents page shows none
