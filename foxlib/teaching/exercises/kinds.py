"""Every kind of exercise by its ``kind`` (``KINDS``), and an exercise built from plain data:
``check_spec``, ``spec_arguments`` (every field checked against the kind's arguments) and
``make_exercise``.
"""
from __future__ import annotations

import inspect

from ...core.errors import FoxError, InvalidState
from .cards_and_deal import CharacterExercise, DealExercise
from .deluxe import DeluxeMoveExercise, DeluxeTrickExercise, TrickPointsExercise
from .fox_woodcutter import FoxExchangeExercise, WoodcutterDiscardExercise
from .frame import Exercise
from .recorded_rounds import RoundScoreExercise, RoundTrickExercise
from .scoring import GameEndExercise, ScoreExercise
from .tricks import ChooseBestExercise, LegalPlayExercise, WhoWinsExercise
from .true_false import TrueFalseExercise


# ----------------------------------------------------------------------------- from data

KINDS = {cls.kind: cls for cls in (
    WhoWinsExercise, LegalPlayExercise, ChooseBestExercise, FoxExchangeExercise,
    WoodcutterDiscardExercise, ScoreExercise, GameEndExercise, DealExercise, CharacterExercise,
    TrueFalseExercise, RoundTrickExercise, RoundScoreExercise, DeluxeTrickExercise,
    TrickPointsExercise, DeluxeMoveExercise)}


def check_spec(spec, where: str = "exercise") -> None:
    """Refuse data that is not an object with a known ``kind``."""
    if not isinstance(spec, dict) or "kind" not in spec:
        raise InvalidState(f"{where} must be an object with a 'kind', one of {sorted(KINDS)}.")
    if spec["kind"] not in KINDS:
        raise InvalidState(f"{where}.kind: {spec['kind']!r} is not a kind of exercise; use one "
                           f"of {sorted(KINDS)}.")


def spec_arguments(spec, where: str = "exercise") -> tuple[str, dict]:
    """(kind, arguments) of exercise data, every field checked against the kind's arguments:
    a field it does not take, or one it needs and lacks, is named in the error."""
    check_spec(spec, where)
    kind = spec["kind"]
    args = {k: v for k, v in spec.items() if k != "kind"}
    params = inspect.signature(KINDS[kind]).parameters
    fields = ", ".join(params)
    for name in args:
        if name not in params:
            raise InvalidState(f"{where}.{name}: unexpected keyword argument {name!r}: a "
                               f"{kind} exercise has the fields {fields}.")
    for name, param in params.items():
        if param.default is inspect.Parameter.empty and name not in args:
            raise InvalidState(f"{where}.{name}: missing; a {kind} exercise needs it (its "
                               f"fields are {fields}).")
    return kind, args


def make_exercise(spec, where: str = "exercise") -> Exercise:
    """Build an exercise from plain data: ``{"kind": "who_wins", "decree": "4B", ...}``; bad
    data raises ``FoxError`` naming ``where`` and the field at fault."""
    kind, args = spec_arguments(spec, where)
    try:
        return KINDS[kind](**args)
    except FoxError as exc:
        raise type(exc)(f"{where}: {exc}") from None

