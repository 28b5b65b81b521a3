"""ipywidgets components for Fox in the Forest: thin views over ``foxlib``.

Every rule comes from the engine: the widgets ask ``foxlib`` what is legal, what happened and
why, and show its reasons. See docs/widgets.md for each widget's signature and events.
"""
from .card import CardRow, CardWidget, HtmlView, card_code
from .hand import Hand, legal_summary
from .table import (DecreeView, EventLog, ScoreBoard, TrickArea, band_meter, inline_card,
                    message, trump_text)
from .tableview import TableView
from .explorer import PRESETS, RulesExplorer
from .review import ReviewPanel
from .round_player import RoundPlayer
from .play_table import PlayTable, strongest_level
