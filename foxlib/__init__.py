"""foxlib: an exact, explained rules engine for The Fox in the Forest (standard library only)."""
from .core.cards import (ABILITIES, CHARACTERS, DECK, DEFAULT_THEME, SUITS, THEMES, Card, Suit, Theme,
                    card_list)
from .core.errors import FoxError, IllegalAction, InputError, InvalidCard, InvalidState, Problem
from .engine.game import DEFAULT_TARGET, LONG_TARGET, SHORT_TARGET, Game, game_result
from .engine.round import (ACTION_KINDS, DISCARD, EXCHANGE, OVER, PLAY, PLAYERS, Action, ActionKind,
                    DiscardRecord, DrawRecord, ExchangeRecord, Move, PlayerView, PlayRecord,
                    Position, Round, RoundEndRecord, TrickRecord, deal, player_index)
from .engine.modules import Modules
# A list of card names from a file ('hands.A[1]: ...' names a bad entry): io's reader.
from .io.inputs import read_card_list as parse_cards
from .words.narrator import Narrator, resolve_trick
# Imported for what it does on import: a card shows as its drawing in a notebook
# (``Card._repr_svg_``, given by ``foxlib.words.svg``).
from .words import svg as _svg  # noqa: F401
from .players.levels import LEVELS, Player, RandomPlayer, make_player
from .core.rules import BAND_RANGES, BANDS, SCORING_TABLE, band, legal_follows, round_points

__version__ = "0.1.0"
