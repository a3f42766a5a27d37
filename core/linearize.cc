#include "linearize.h"

#include "edit5.h"
#include "normalize.h"
#include "sentences.h"
#include "unicode.h"

namespace fruit {
namespace {

constexpr std::string_view kCaption = "[CAPTION]";
constexpr std::string_view kHeader = "[HEADER]";
constexpr std::string_view kRow = "[ROW]";
constexpr std::string_view kCol = "[COL]";

// Rule 2: every whitespace run becomes one space; the result is stripped.
std::string clean(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  size_t pos = 0;
  bool pending_space = false;
  while (pos < text.size()) {
    const size_t n = unicode::space_length_at(text, pos);
    if (n > 0) {
      pending_space = !out.empty();
      pos += n;
      continue;
    }
    if (pending_space) out += ' ';
    pending_space = false;
    out += text[pos++];
  }
  return out;
}

// Rule 4: the title is one word.
std::string clean_title(std::string_view text) {
  std::string title = clean(text);
  for (char& c : title) {
    if (c == ' ') c = '_';
  }
  return title;
}

Error field_error(const std::string& field, std::string message) { return Error{std::move(message), {}, 0, field}; }

std::string quoted(std::string_view text, const Delimiter& d) {
  return "\"" + std::string(text.substr(d.begin, d.end - d.begin)) + "\"";
}

// Rule 6 for one cleaned field. next_item is i+1 for evidence i and 0 for
// sentences (where references are harmless).
std::optional<Error> check_field(std::string_view value, const std::string& field, bool is_evidence,
                                 size_t next_item) {
  if (value.find(kContextMarker) != std::string_view::npos) {
    return field_error(field, "contains \"[CONTEXT]\", the marker that separates the article from its evidence");
  }
  const auto copies = find_delimiters(value, '[', ']');
  if (!copies.empty()) {
    return field_error(field, "contains " + quoted(value, copies[0]) +
                                  ", which would be read as a copy token naming a source sentence; remove it "
                                  "(citation marks such as \"[3]\" are not needed)");
  }
  if (!is_evidence) return std::nullopt;
  for (const Delimiter& d : find_delimiters(value, '(', ')')) {
    if (d.uid == next_item) {
      return field_error(field, "contains " + quoted(value, d) + ", which would be read as the start of evidence item " +
                                    std::to_string(next_item) + "; write it differently");
    }
  }
  for (std::string_view marker : {kCaption, kHeader, kRow, kCol}) {
    if (value.find(marker) != std::string_view::npos) {
      return field_error(field, "contains \"" + std::string(marker) + "\", which would be read as table structure");
    }
  }
  return std::nullopt;
}

// Cleans and checks one field; returns the Error or stores the value.
std::optional<Error> take_field(std::string_view raw, const std::string& field, bool is_evidence, size_t next_item,
                                std::string& value, bool is_title = false) {
  const size_t invalid = unicode::find_invalid_utf8(raw);
  if (invalid != std::string_view::npos) {
    return field_error(field, "is not valid UTF-8 (byte " + std::to_string(invalid) + ")");
  }
  value = is_title ? clean_title(raw) : clean(raw);
  return check_field(value, field, is_evidence, next_item);
}

void append_part(std::string& out, std::string_view part) {
  if (part.empty()) return;
  if (!out.empty()) out += ' ';
  out.append(part);
}

bool is_table_label(std::string_view part) {
  if (part == "Table") return true;
  // "Table-<i>-<j>", as split_article names the rows of table i.
  if (part.substr(0, 6) != "Table-") return false;
  part.remove_prefix(6);
  const size_t dash = part.find('-');
  if (dash == std::string_view::npos || dash == 0 || dash + 1 == part.size()) return false;
  for (size_t k = 0; k < part.size(); ++k) {
    if (k != dash && (part[k] < '0' || part[k] > '9')) return false;
  }
  return true;
}

// Rule 5: "Career" -> "Career - Table"; "Films - Table-0-25" stays.
std::string table_section(const std::string& section) {
  if (section.empty()) return "Table";
  const size_t last = section.rfind(" - ");
  const std::string_view tail =
      last == std::string::npos ? std::string_view(section) : std::string_view(section).substr(last + 3);
  return is_table_label(tail) ? section : section + " - Table";
}

std::optional<Error> append_cells(std::string& out, const std::vector<std::string>& cells, const std::string& field,
                                  size_t next_item) {
  for (size_t c = 0; c < cells.size(); ++c) {
    std::string cell;
    if (auto error = take_field(cells[c], field + "[" + std::to_string(c) + "]", true, next_item, cell)) return error;
    append_part(out, kCol);
    append_part(out, cell);
  }
  return std::nullopt;
}

std::optional<Error> append_evidence(std::string& out, const Evidence& e, size_t i) {
  const std::string name = "evidence[" + std::to_string(i) + "]";
  const size_t next_item = i + 1;
  std::string title, section, text;
  if (auto error = take_field(e.title, name + ".title", true, next_item, title, true)) return error;
  if (title.empty()) return field_error(name + ".title", "is empty: every evidence item starts with its title");
  if (auto error = take_field(e.section, name + ".section", true, next_item, section)) return error;
  if (auto error = take_field(e.text, name + ".text", true, next_item, text)) return error;

  append_part(out, "(" + std::to_string(i) + ")");
  append_part(out, title);
  if (!e.table) {
    append_part(out, section);
    append_part(out, text);
    return std::nullopt;
  }
  const EvidenceTable& table = *e.table;
  if (!text.empty()) {
    return field_error(name, "has both text and a table: an evidence item is one or the other, so make two items");
  }
  if (table.header.empty() && table.rows.empty()) {
    return field_error(name + ".table", "has no header and no rows");
  }
  std::string caption;
  if (auto error = take_field(table.caption, name + ".table.caption", true, next_item, caption)) return error;
  append_part(out, table_section(section));
  if (!caption.empty()) {
    append_part(out, kCaption);
    append_part(out, caption);
  }
  if (!table.header.empty()) {
    append_part(out, kHeader);
    if (auto error = append_cells(out, table.header, name + ".table.header", next_item)) return error;
  }
  for (size_t r = 0; r < table.rows.size(); ++r) {
    append_part(out, kRow);
    const std::string field = name + ".table.rows[" + std::to_string(r) + "]";
    if (auto error = append_cells(out, table.rows[r], field, next_item)) return error;
  }
  return std::nullopt;
}

// ---- parsing ----

size_t offset_in(std::string_view whole, std::string_view part) {
  return static_cast<size_t>(part.data() - whole.data());
}

struct Marker {
  std::string_view kind;  // one of kCaption, kHeader, kRow, kCol
  size_t begin = 0, end = 0;
};

std::vector<Marker> find_markers(std::string_view body) {
  std::vector<Marker> markers;
  size_t pos = body.find('[');
  while (pos != std::string_view::npos) {
    size_t next = pos + 1;
    for (std::string_view kind : {kCaption, kHeader, kRow, kCol}) {
      if (body.substr(pos, kind.size()) == kind) {
        markers.push_back({kind, pos, pos + kind.size()});
        next = pos + kind.size();
        break;
      }
    }
    pos = body.find('[', next);
  }
  return markers;
}

// The cells of one header or row: markers[first, last) are its "[COL]"s,
// and the segment runs from `from` to `to`.
std::vector<std::string> cells_of(std::string_view body, const std::vector<Marker>& markers, size_t first,
                                  size_t last, size_t from, size_t to) {
  std::vector<std::string> cells;
  const size_t lead_end = first < last ? markers[first].begin : to;
  const std::string_view lead = unicode::strip(body.substr(from, lead_end - from));
  if (!lead.empty()) cells.emplace_back(lead);
  for (size_t m = first; m < last; ++m) {
    const size_t end = m + 1 < last ? markers[m + 1].begin : to;
    cells.emplace_back(unicode::strip(body.substr(markers[m].end, end - markers[m].end)));
  }
  return cells;
}

// See parse_linearized in linearize.h. False when the body is not a table.
bool parse_table_body(std::string_view body, std::string& section, EvidenceTable& table) {
  const std::vector<Marker> markers = find_markers(body);
  size_t t = 0;
  while (t < markers.size() && markers[t].kind == kCol) ++t;
  if (t == markers.size() || t > 0) return false;  // no structure, or a [COL] before it
  section = std::string(unicode::strip(body.substr(0, markers[0].begin)));
  int stage = 0;  // 1 after the caption, 2 after the header, 3 in the rows
  while (t < markers.size()) {
    const Marker& m = markers[t];
    size_t u = t + 1;
    while (u < markers.size() && markers[u].kind == kCol) ++u;
    const size_t segment_end = u < markers.size() ? markers[u].begin : body.size();
    if (m.kind == kCaption) {
      if (stage != 0 || u != t + 1) return false;
      table.caption = std::string(unicode::strip(body.substr(m.end, segment_end - m.end)));
      stage = 1;
    } else if (m.kind == kHeader) {
      if (stage > 1) return false;
      table.header = cells_of(body, markers, t + 1, u, m.end, segment_end);
      stage = 2;
    } else {
      table.rows.push_back(cells_of(body, markers, t + 1, u, m.end, segment_end));
      stage = 3;
    }
    t = u;
  }
  return true;
}

ParsedEvidence parse_item(size_t index, std::string_view raw, size_t begin, size_t end) {
  ParsedEvidence item;
  item.index = index;
  item.raw = std::string(raw);
  item.begin = begin;
  item.end = end;
  size_t title_end = 0;
  while (title_end < raw.size() && unicode::space_length_at(raw, title_end) == 0) ++title_end;
  item.title = std::string(raw.substr(0, title_end));
  item.display_title = item.title;
  for (char& c : item.display_title) {
    if (c == '_') c = ' ';
  }
  item.body = std::string(unicode::strip(raw.substr(title_end)));
  std::string section;
  EvidenceTable table;
  if (parse_table_body(item.body, section, table)) {
    item.section = std::move(section);
    item.table = std::move(table);
  }
  return item;
}

// ---- tables pasted by users ----

struct TextRow {
  size_t line = 0;  // 1-based line where the row starts
  std::vector<std::string> cells;
};

std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t pos = 0;
  while (true) {
    const size_t newline = text.find('\n', pos);
    std::string_view line = text.substr(pos, newline == std::string_view::npos ? std::string_view::npos : newline - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    if (newline == std::string_view::npos) break;
    pos = newline + 1;
  }
  return lines;
}

std::vector<std::string> markdown_cells(std::string_view line) {
  line = unicode::strip(line);
  if (!line.empty() && line.front() == '|') line.remove_prefix(1);
  if (!line.empty() && line.back() == '|' && (line.size() < 2 || line[line.size() - 2] != '\\')) line.remove_suffix(1);
  std::vector<std::string> cells;
  std::string cell;
  for (size_t k = 0; k < line.size(); ++k) {
    if (line[k] == '\\' && k + 1 < line.size() && line[k + 1] == '|') {
      cell += '|';
      ++k;
    } else if (line[k] == '|') {
      cells.emplace_back(unicode::strip(cell));
      cell.clear();
    } else {
      cell += line[k];
    }
  }
  cells.emplace_back(unicode::strip(cell));
  return cells;
}

// "|---|:--:|": every cell is dashes with optional alignment colons.
bool is_delimiter_row(std::string_view line) {
  if (line.find('|') == std::string_view::npos) return false;
  for (const std::string& cell : markdown_cells(line)) {
    std::string_view c = cell;
    if (!c.empty() && c.front() == ':') c.remove_prefix(1);
    if (!c.empty() && c.back() == ':') c.remove_suffix(1);
    if (c.empty() || c.find_first_not_of('-') != std::string_view::npos) return false;
  }
  return true;
}

std::vector<TextRow> markdown_rows(const std::vector<std::string_view>& lines) {
  std::vector<TextRow> rows;
  bool delimiter_checked = false;
  for (size_t k = 0; k < lines.size(); ++k) {
    if (unicode::strip(lines[k]).empty()) continue;
    if (rows.size() == 1 && !delimiter_checked) {
      delimiter_checked = true;
      if (is_delimiter_row(lines[k])) continue;
    }
    rows.push_back({k + 1, markdown_cells(lines[k])});
  }
  return rows;
}

// A cell in double quotes, as spreadsheets write cells holding tabs or line
// breaks. On success returns true, with pos past the closing quote.
bool read_quoted(std::string_view text, size_t& pos, std::string& value) {
  std::string out;
  size_t k = pos + 1;
  while (k < text.size()) {
    if (text[k] != '"') {
      out += text[k++];
      continue;
    }
    if (k + 1 < text.size() && text[k + 1] == '"') {
      out += '"';
      k += 2;
      continue;
    }
    size_t after = k + 1;
    if (after < text.size() && text[after] == '\r') ++after;
    if (after < text.size() && text[after] != '\t' && text[after] != '\n') return false;
    value = std::move(out);
    pos = after;
    return true;
  }
  return false;
}

std::vector<TextRow> tsv_rows(std::string_view text) {
  std::vector<TextRow> rows;
  size_t pos = 0;
  size_t line = 1;
  while (true) {
    TextRow row{line, {}};
    const size_t row_begin = pos;
    while (true) {
      std::string value;
      const size_t field_begin = pos;
      if (pos < text.size() && text[pos] == '"' && read_quoted(text, pos, value)) {
        for (size_t k = field_begin; k < pos; ++k) line += text[k] == '\n' ? 1 : 0;
      } else {
        const size_t end = text.find_first_of("\t\n", pos);
        pos = end == std::string_view::npos ? text.size() : end;
        value = std::string(text.substr(field_begin, pos - field_begin));
      }
      row.cells.emplace_back(unicode::strip(value));
      if (pos < text.size() && text[pos] == '\t') {
        ++pos;
        continue;
      }
      break;
    }
    if (!unicode::strip(text.substr(row_begin, pos - row_begin)).empty()) rows.push_back(std::move(row));
    if (pos >= text.size()) break;
    ++pos;  // the '\n'
    ++line;
  }
  return rows;
}

}  // namespace

Article article_from_text(std::string_view text) { return Article{split_sentences(text)}; }

Result<std::string> linearize(const Article& article, const std::vector<Evidence>& evidence) {
  std::string out;
  for (size_t i = 0; i < article.sentences.size(); ++i) {
    std::string sentence;
    const std::string field = "sentences[" + std::to_string(i) + "]";
    if (auto error = take_field(article.sentences[i], field, false, 0, sentence)) return *error;
    append_part(out, "[" + std::to_string(i) + "]");
    append_part(out, sentence);
  }
  append_part(out, kContextMarker);
  for (size_t i = 0; i < evidence.size(); ++i) {
    if (auto error = append_evidence(out, evidence[i], i)) return *error;
  }
  return out;
}

Result<ParsedInput> parse_linearized(std::string_view inputs) {
  const size_t invalid = unicode::find_invalid_utf8(inputs);
  if (invalid != std::string_view::npos) {
    return Error{"invalid UTF-8 at byte " + std::to_string(invalid), {}, 0, "inputs"};
  }
  auto outline = outline_input(inputs);
  if (!outline.ok()) return outline.error();

  ParsedInput parsed;
  for (std::string_view sentence : outline.value().source_sentences) {
    parsed.sentences.emplace_back(sentence);
    const size_t begin = offset_in(inputs, sentence);
    parsed.sentence_spans.emplace_back(begin, begin + sentence.size());
  }
  const size_t context = inputs.find(kContextMarker);
  const std::string_view source = unicode::strip(inputs.substr(0, context));
  parsed.source_preamble = std::string(split_at_delimiters(source, find_delimiters(source, '[', ']')).front());

  // Items in sequence, as outline_input counts them.
  const size_t base = context + kContextMarker.size();
  const std::string_view part = inputs.substr(base);
  std::vector<Delimiter> items;
  for (const Delimiter& d : find_delimiters(part, '(', ')')) {
    if (d.uid == items.size()) items.push_back(d);
  }
  parsed.context_preamble = std::string(unicode::strip(part.substr(0, items.empty() ? part.size() : items[0].begin)));
  for (size_t k = 0; k < items.size(); ++k) {
    const size_t to = k + 1 < items.size() ? items[k + 1].begin : part.size();
    const std::string_view raw = unicode::strip(part.substr(items[k].end, to - items[k].end));
    const size_t end = raw.empty() ? base + items[k].end : offset_in(inputs, raw) + raw.size();
    parsed.evidence.push_back(parse_item(k, raw, base + items[k].begin, end));
  }
  return parsed;
}

Evidence to_evidence(const ParsedEvidence& parsed) {
  Evidence e;
  e.title = parsed.title;
  if (parsed.table) {
    e.section = parsed.section;
    e.table = parsed.table;
  } else {
    e.text = parsed.body;
  }
  return e;
}

Result<EvidenceTable> parse_table_text(std::string_view text) {
  const size_t invalid = unicode::find_invalid_utf8(text);
  if (invalid != std::string_view::npos) return Error{"invalid UTF-8 at byte " + std::to_string(invalid)};

  const std::vector<std::string_view> lines = lines_of(text);
  std::vector<std::string_view> non_blank;
  for (std::string_view line : lines) {
    if (!unicode::strip(line).empty()) non_blank.push_back(line);
    if (non_blank.size() == 2) break;
  }
  if (non_blank.empty()) return Error{"the table is empty"};
  const bool markdown =
      unicode::strip(non_blank[0]).front() == '|' || (non_blank.size() == 2 && is_delimiter_row(non_blank[1]));
  const std::vector<TextRow> rows = markdown ? markdown_rows(lines) : tsv_rows(text);
  if (rows.size() < 2) {
    return Error{"the table has only a header row; the rows of data go below it"};
  }
  EvidenceTable table;
  table.header = rows[0].cells;
  for (size_t r = 1; r < rows.size(); ++r) {
    if (rows[r].cells.size() != table.header.size()) {
      const size_t n = rows[r].cells.size();
      return Error{"row " + std::to_string(r + 1) + " (line " + std::to_string(rows[r].line) + ") has " +
                   std::to_string(n) + (n == 1 ? " cell" : " cells") + ", but the header (row 1) has " +
                   std::to_string(table.header.size())};
    }
    table.rows.push_back(rows[r].cells);
  }
  return table;
}

}  // namespace fruit
