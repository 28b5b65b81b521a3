"""Every sentence and drawing: the grammar, the narrator, the goals' words, exercise feedback
texts, SVG. Imports only foxlib.core."""
