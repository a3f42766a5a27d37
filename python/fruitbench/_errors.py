"""The one exception type of fruitbench (raised by the C++ core and by the
package itself): where the input was rejected and why."""


class FruitbenchError(Exception):
  """Bad input: `file`, `line` (1-based, 0 when none) and `field` say where.

  str(error) is the CLI's message, e.g.
  "pred.jsonl:12: field 'id': 'Kessel_Harbor_Bridge' is not an id of gold.jsonl".
  """

  def __init__(self, text, reason="", file="", line=0, field=""):
    super().__init__(text)
    self.reason = reason or text
    self.file = file
    self.line = line
    self.field = field
