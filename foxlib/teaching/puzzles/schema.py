"""The schema validator moved to ``foxlib.core.schema`` (the puzzle and the goal files share it);
these names stay importable from here."""
from ...core.schema import (KEYWORDS, ANNOTATIONS, SchemaError, check_schema, field_name,  # noqa: F401
                      has_type, json_type, names_list, same_value, validate)
