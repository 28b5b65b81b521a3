"""What the landing page's progress says: each lesson's and puzzle set's state, and the Continue
button, which leads to the first step not finished (the first lesson not finished, then, when
every lesson is, the first puzzle set not finished). widgets/home.js fills in the {fields}.
Also the words of the links to this copy of the app (widgets/project.py)."""
from __future__ import annotations


def continue_lesson(number: int, title: str) -> str:
    """The Continue button when lesson ``number`` is the first not finished."""
    return f"Continue: lesson {number}, {title}"


def continue_set(title: str, level=None) -> str:
    """The Continue button when every lesson is finished and this puzzle set is the first
    not finished; ``level``: the set's level (a number or a word), if it has one."""
    if level is None or level == "":
        return f"Continue: puzzle set {title}"
    shown = f"level {level}" if isinstance(level, int) else str(level)
    return f"Continue: puzzle set {title} ({shown})"


#: home.js's words, by place; {done}, {total}, {step} ... are filled in there.
HOME_PROGRESS = {
    "not_started": "Not started", "visited": "Visited",
    "lesson_done": "\u2714 All exercises solved",
    "lesson_some": "{done} of {total} exercises solved",
    "set_done": "\u2714 all solved", "set_some": "{done} of {total} solved",
    "continue_aria": "{step} (the first step you have not finished)",
    "all_done": "Everything done: play the computer",
    "note": "Continue leads to the first lesson you have not finished, then to the first "
            "puzzle set. {visited} of {lessons} lessons visited, {finished} finished; "
            "{solved} of {puzzles} puzzles solved.",
}


#: The links to this copy of the app (widgets/project.py): on the contents page, in the
#: teacher's guide ({repository}: "owner/name"; {links}: the links; {problem}: a bad setting).
PROJECT_LINKS = {
    "site": "the static site", "binder_app": "the app on Binder",
    "binder_lab": "JupyterLab on Binder", "repository": "the project's repository",
    "lead": "This copy of the app is also online:",
    "set": "This copy of the app is published from the GitHub repository `{repository}`: "
           "{links}.",
    "unset": "This copy of the app has no Binder or static-site address set, so it shows no "
             "such links. To set one, write the repository after `repository =` in "
             "`widgets/project.cfg`, as above.",
    "problem": "The links to this copy of the app cannot be made: {problem}",
    # the setting's problems, README.md's badges and the command that writes them
    "unreadable": "{path}: cannot be read as a settings file ({error}).",
    "bad_repository": "{path}: repository = {value!r} is not a GitHub repository: write its "
                      "owner and name with a slash, e.g. my-school/fox-explorer.",
    "badge_app": "[![Open the app on Binder](https://mybinder.org/badge_logo.svg)]({url})\n"
                 "opens the app: the lessons as a reader sees them (Voilà).",
    "badge_lab": "[![Open JupyterLab on Binder]"
                 "(https://img.shields.io/badge/Binder-JupyterLab-F37626)]({url})\n"
                 "opens JupyterLab, with the notebooks and their code.",
    "usage": "usage: python -m widgets.project --write-readme",
    "written": "README.md: Binder badges for {repository}",
}
