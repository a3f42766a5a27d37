"""fruit_edit5: a small T5 editor for FRUIT-style updates (data, model, training, ONNX export)."""
