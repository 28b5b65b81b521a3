"""Every sentence and drawing: the narrator, exercise feedback texts, SVG.
Imports only foxlib.core."""
