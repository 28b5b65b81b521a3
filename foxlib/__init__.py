"""foxlib: an exact, explained rules engine for The Fox in the Forest (standard library only).

The package is built in layers, lowest first (docs/architecture.md): ``core`` (cards, one
trick's rules as facts, errors) <- ``words`` (the narrator, drawings) <- ``engine`` (Round,
Game, goal cards) <- ``io`` (readers, the referee) <- ``fast`` <- ``search`` <- ``players``
<- ``teaching`` <- ``cli``. This front door re-exports the names most programs need."""
from .core.cards import (ABILITIES, CHARACTERS, DECK, DEFAULT_THEME, SUITS, THEMES, Card, Suit,
                         Theme, card_list)
from .core.errors import FoxError, IllegalAction, InputError, InvalidCard, InvalidState, Problem
from .core.rules import BAND_RANGES, BANDS, SCORING_TABLE, band, legal_follows, round_points
from .engine.game import DEFAULT_TARGET, LONG_TARGET, SHORT_TARGET, Game, game_result
from .engine.modules import Modules
from .engine.round import (ACTION_KINDS, DISCARD, EXCHANGE, OVER, PLAY, PLAYERS, Action,
                           ActionKind, DiscardRecord, DrawRecord, ExchangeRecord, Move,
                           PlayerView, PlayRecord, Position, Round, RoundEndRecord, TrickRecord,
                           deal, player_index)
# Reading back what the engine writes (Round.dumps, Game.dumps), and card lists from a file.
from .io.inputs import load_round, loads_game, loads_round, read_game, read_round
from .io.inputs import read_card_list as parse_cards
from .players.levels import LEVELS, Player, RandomPlayer, make_player
# Imported for what it does on import too: a card shows as its drawing in a notebook
# (``Card._repr_svg_``, given by ``foxlib.words.svg``).
from .words import svg as _svg  # noqa: F401
from .words.narrator import Narrator, resolve_trick

__version__ = "0.1.0"
