// FRUIT's input linearization: the one string the model reads and the gold
// `inputs` field holds, built from an article and its evidence, and parsed
// back.
//
//   [0] s0 [1] s1 ... [CONTEXT] (0) Title Section text (1) Title Section -
//   Table-0-25 [CAPTION] cap [HEADER] [COL] h1 [COL] h2 [ROW] [COL] a [COL] b
//
// This mirrors how the official pipeline renders inputs (rendering_utils:
// render_all over sentences, "[CONTEXT]" and evidence; wiki_utils:
// split_article / process_table for tables), e.g. the official item
//   (1) Karl_Hackett Selected filmography - Table-0-25 [CAPTION] List of
//   acting performances in film [HEADER] [COL] Year [COL] Title [COL] Role
//   [ROW] [COL] ''The Lone Rider in Frontier Fury'' [COL] Matt Malone
//
// Rules of linearize():
//   1. Parts are joined by single spaces; every part is stripped and empty
//      parts are omitted. (The official render_all keeps an empty section as
//      a double space; that only touches evidence, which the normalization
//      never reads, so no score changes.)
//   2. Inside every field (sentence, title, section, text, caption, cell)
//      each run of whitespace, a lone newline or tab included, becomes one
//      space: the input is one line, and a stray newline in a copied
//      sentence would change ROUGE-Lsum, which splits at newlines.
//   3. Sentence i is "[i] sentence"; an empty sentence is a bare "[i]" and
//      still takes its position, as copy tokens count positions. Then comes
//      "[CONTEXT]", always, even with no evidence.
//   4. Evidence i is "(i) Title Section text". In the title, whitespace
//      becomes '_' (Wikipedia ids: "Karl Hackett" -> "Karl_Hackett"), so the
//      title is the item's first word; an empty title is an error.
//   5. A table item is "(i) Title Section - Table [CAPTION] cap [HEADER]
//      [COL] h1 [COL] h2 [ROW] [COL] a [COL] b [ROW] ...": " - Table" is
//      appended to the section (just "Table" when there is no section)
//      unless its last " - " part already is "Table" or "Table-<i>-<j>" as
//      in the official data; "[CAPTION] cap" only with a caption, "[HEADER]
//      ..." only with header cells; every cell is "[COL] cell" (an empty
//      cell is a bare "[COL]"). Rows may have any number of cells (official
//      rows are often shorter than the header); a table needs a header or
//      a row. The official data has one row per item (Table-<table>-<row>);
//      several rows are fine here. An item has text or a table, not both.
//   6. Text that would change how the string is read is rejected, with an
//      Error whose field names the place ("sentences[3]",
//      "evidence[2].table.rows[0][1]", ...):
//        - "[CONTEXT]" anywhere (normalization needs exactly one);
//        - a copy token "[n]" anywhere: in a sentence it would shift copy
//          positions and change normalized_inputs; in evidence a model may
//          echo it as a copy token ("[3]" citations pasted from Wikipedia);
//        - in evidence i, the reference "(i+1)": it would be read as the
//          start of item i+1. Other "(n)", such as "(2012)", are fine, as
//          in official data (items are read in sequence, see outline_input);
//        - in evidence, the table markers "[CAPTION]", "[HEADER]", "[ROW]",
//          "[COL]", which would be read as table structure;
//        - invalid UTF-8.
//      "(n)" in a sentence is fine: the source part has no references.
//      Fields are checked after rule 2, in output order; the first offending
//      field is reported.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "status.h"

namespace fruit {

struct EvidenceTable {
  std::string caption;                         // may be empty
  std::vector<std::string> header;             // may be empty
  std::vector<std::vector<std::string>> rows;  // rows may differ in length
  bool operator==(const EvidenceTable&) const = default;
};

struct Evidence {
  std::string title;    // Wikipedia title; spaces or underscores
  std::string section;  // e.g. "Career" or "Selected filmography - Table-0-25"
  std::string text;     // a text item's text; empty for a table item
  std::optional<EvidenceTable> table;
};

struct Article {
  std::vector<std::string> sentences;
};

// The article's sentences by split_sentences (see sentences.h).
Article article_from_text(std::string_view text);

// The linearized input, or an Error naming the field that breaks a rule.
Result<std::string> linearize(const Article& article, const std::vector<Evidence>& evidence);

// One evidence item of a linearized input.
struct ParsedEvidence {
  size_t index = 0;           // n of its "(n)"
  std::string raw;            // everything after "(n)", stripped
  std::string title;          // first word of raw, as written: "Karl_Hackett"
  std::string display_title;  // underscores as spaces: "Karl Hackett"
  // The rest of raw after the title, stripped. FRUIT does not mark where a
  // text item's section ends and its text begins ("INTRODUCTION ''Tunes''
  // is ..."), so for text items both stay together here.
  std::string body;
  // Table items only (see parse_linearized): the body before the first
  // table marker, e.g. "Selected filmography - Table-0-25", and the table.
  std::string section;
  std::optional<EvidenceTable> table;
  size_t begin = 0, end = 0;  // byte span of "(n) ..." in the input
};

struct ParsedInput {
  // Source sentences by position, exactly as normalize() and copy tokens
  // see them (the pieces after each "[n]" before "[CONTEXT]"), stripped.
  std::vector<std::string> sentences;
  std::vector<std::pair<size_t, size_t>> sentence_spans;  // byte spans in the input
  std::string source_preamble;   // text before the first "[n]" (normally empty)
  std::string context_preamble;  // text between "[CONTEXT]" and "(0)" (normally empty)
  std::vector<ParsedEvidence> evidence;
};

// Parses a linearized input (official or from linearize). Evidence items are
// the "(0)", "(1)", ... markers after "[CONTEXT]" taken in sequence, as
// outline_input counts them: a "(1941)", or an out-of-sequence "(10)" after
// "(7)", stays inside the item before it. A body is read as a table when it
// contains "[CAPTION]", "[HEADER]" or "[ROW]" and they are in order: at most
// one "[CAPTION] caption", then at most one "[HEADER] cells", then any
// number of "[ROW] cells", where cells are the pieces after each "[COL]",
// stripped. Text before a row's first "[COL]" (official data has some, such
// as leftover wiki styling 'style="height:3.5em;"') is kept as an extra
// first cell. A body whose markers are out of order is left as text.
// Errors: invalid UTF-8, or not exactly one "[CONTEXT]".
Result<ParsedInput> parse_linearized(std::string_view inputs);

// The parsed item as linearize() input: a table item keeps its section and
// table, a text item becomes its body as text (with an empty section), so
// that linearize() reproduces official items exactly.
Evidence to_evidence(const ParsedEvidence& parsed);

// A table pasted by a user, first row the header:
//   - TSV: cells separated by tabs, as spreadsheets copy them; a cell in
//     double quotes may hold tabs, line breaks and "" for a quote (a quote
//     is only read that way when it closes right before a tab or line end).
//   - Markdown: "| a | b |" rows (outer pipes optional), the delimiter row
//     "|---|:--:|" under the header skipped, "\|" read as "|".
// It is Markdown when the first non-blank line starts with '|' or the second
// is a delimiter row, TSV otherwise. Cells are stripped; blank lines are
// skipped. Errors: empty text, no row below the header, invalid UTF-8, and
// rows whose cell count differs from the header's, named by their 1-based
// row (the header is row 1) and line.
Result<EvidenceTable> parse_table_text(std::string_view text);

}  // namespace fruit
