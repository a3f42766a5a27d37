#include "diffqg.h"

#include <algorithm>
#include <cstdio>

#include "entities.h"
#include "keyed_jsonl.h"
#include "squad_normalize.h"
#include "unicode.h"

namespace fruit {
namespace {

// "question": a non-empty string or null (required in gold, optional in predictions).
Result<std::optional<std::string>> question_field(const Json& object, const Location& where, bool required) {
  const auto found = object.find("question");
  if (found == object.end()) {
    if (required) return record_error(where, "question", "missing (required: the question, or null for no factual change)");
    return std::optional<std::string>();
  }
  if (found->is_null()) return std::optional<std::string>();
  if (!found->is_string()) {
    return record_error(where, "question", "expected a string or null, got " + std::string(found->type_name()));
  }
  if (unicode::strip(found->get_ref<const std::string&>()).empty()) {
    return record_error(where, "question", "is empty: write null when there is no question");
  }
  return std::optional<std::string>(found->get<std::string>());
}

std::optional<double> ratio(size_t a, size_t b) {
  if (b == 0) return std::nullopt;
  return 100.0 * static_cast<double>(a) / static_cast<double>(b);
}

}  // namespace

Result<DiffqgGold> parse_diffqg_gold(const Json& object, const Location& where) {
  DiffqgGold gold;
  for (auto [name, out] : {std::pair{"base", &gold.base}, {"target", &gold.target}, {"answer", &gold.answer},
                           {"label", &gold.label}}) {
    auto value = parse_required_string(object, name, where);
    if (!value.ok()) return value.error();
    *out = std::move(value.value());
  }
  if (std::find(kDiffqgLabels.begin(), kDiffqgLabels.end(), gold.label) == kDiffqgLabels.end()) {
    return record_error(where, "label", "'" + gold.label + "' is not one of Accept, Context, Edit, Reject, Skip");
  }
  auto question = question_field(object, where, true);
  if (!question.ok()) return question.error();
  gold.question = std::move(question.value());
  return gold;
}

Result<DiffqgPrediction> parse_diffqg_prediction(const Json& object, const Location& where) {
  DiffqgPrediction prediction;
  const auto change = object.find("change");
  if (change == object.end()) return record_error(where, "change", "missing (required: true or false)");
  if (!change->is_boolean()) {
    return record_error(where, "change", "expected true or false, got " + std::string(change->type_name()));
  }
  prediction.change = change->get<bool>();
  auto question = question_field(object, where, false);
  if (!question.ok()) return question.error();
  prediction.question = std::move(question.value());
  return prediction;
}

bool overlapping_answer_change(std::string_view base, std::string_view answer) {
  return !occurs_as_words(answer, base);
}

Result<std::string> overlapping_answer_baseline(LineReader& inputs) {
  auto lines = read_keyed_lines(inputs);
  if (!lines.ok()) return lines.error();
  std::string out;
  for (const KeyedLine& line : lines.value()) {
    const Location where = line.where(inputs.name());
    auto base = parse_required_string(line.object, "base", where);
    if (!base.ok()) return base.error();
    auto answer = parse_required_string(line.object, "answer", where);
    if (!answer.ok()) return answer.error();
    Json p = Json::object();
    p["id"] = line.id.value;
    p["change"] = overlapping_answer_change(base.value(), answer.value());
    p["question"] = nullptr;
    out += p.dump() + "\n";
  }
  return out;
}

DiffqgScores score_diffqg_example(RougeTokenizer& tokenizer, const DiffqgGold& gold, const DiffqgPrediction& prediction) {
  DiffqgScores s;
  s.gold_change = gold.question.has_value();
  s.change = prediction.change;
  s.human = gold.human_written();
  if (gold.question) {
    const RougeTriple r = score_rouge_l(tokenizer, *gold.question, prediction.question.value_or(""));
    s.qg_rouge1 = 100 * r.rouge1.fmeasure;
    s.qg_rougeL = 100 * r.rouge_l.fmeasure;
    s.full_rouge1 = prediction.change ? *s.qg_rouge1 : 0.0;
    s.full_rougeL = prediction.change ? *s.qg_rougeL : 0.0;
  }
  return s;
}

std::vector<std::string> diffqg_figure_names() {
  std::vector<std::string> names;
  for (const char* prefix : {"", "human_"}) {
    for (auto m : kDiffqgMetrics) names.push_back(prefix + std::string(m));
  }
  return names;
}

bool is_diffqg_figure(std::string_view name) {
  const auto names = diffqg_figure_names();
  return std::find(names.begin(), names.end(), name) != names.end();
}

std::vector<std::optional<double>> diffqg_figures(const std::vector<DiffqgScores>& examples,
                                                  const std::vector<size_t>& indices) {
  std::vector<std::optional<double>> figures;
  for (bool human_only : {false, true}) {
    size_t n = 0, correct = 0, tp = 0, fp = 0, fn = 0, with_question = 0;
    std::array<double, 4> sums{};
    for (size_t i : indices) {
      const DiffqgScores& e = examples[i];
      if (human_only && !e.human) continue;
      ++n;
      correct += e.change == e.gold_change ? 1 : 0;
      tp += e.change && e.gold_change ? 1 : 0;
      fp += e.change && !e.gold_change ? 1 : 0;
      fn += !e.change && e.gold_change ? 1 : 0;
      if (e.gold_change) {
        ++with_question;
        sums[0] += *e.qg_rouge1, sums[1] += *e.qg_rougeL, sums[2] += *e.full_rouge1, sums[3] += *e.full_rougeL;
      }
    }
    if (n == 0) {
      figures.insert(figures.end(), kDiffqgMetrics.size(), std::nullopt);
      continue;
    }
    const double precision = ratio(tp, tp + fp).value_or(0), recall = ratio(tp, tp + fn).value_or(0);
    figures.push_back(ratio(correct, n));
    figures.push_back(precision);
    figures.push_back(recall);
    figures.push_back(fmeasure(precision, recall));
    for (double sum : sums) {
      figures.push_back(with_question ? std::optional<double>(sum / static_cast<double>(with_question)) : std::nullopt);
    }
  }
  return figures;
}

Result<DiffqgEvaluation> evaluate_diffqg(LineReader& gold, LineReader& predictions, const ScoringOptions& options) {
  auto pairs = read_keyed_pairs(gold, predictions);
  if (!pairs.ok()) return pairs.error();
  DiffqgEvaluation evaluation;
  evaluation.options = options;
  RougeTokenizer tokenizer(options.use_stemmer);
  std::vector<DiffqgScores> scores;
  for (size_t i = 0; i < pairs.value().gold.size(); ++i) {
    const KeyedLine& g = pairs.value().gold[i];
    const KeyedLine& p = pairs.value().predictions[pairs.value().match[i]];
    auto gold_record = parse_diffqg_gold(g.object, g.where(gold.name()));
    if (!gold_record.ok()) return gold_record.error();
    auto prediction = parse_diffqg_prediction(p.object, p.where(predictions.name()));
    if (!prediction.ok()) return prediction.error();
    DiffqgExample e{g.id.value, gold_record.value().label, g.line, p.line,
                    score_diffqg_example(tokenizer, gold_record.value(), prediction.value())};
    scores.push_back(e.scores);
    evaluation.examples.push_back(std::move(e));
  }
  std::vector<size_t> all(scores.size());
  for (size_t i = 0; i < all.size(); ++i) all[i] = i;
  evaluation.figures = diffqg_figures(scores, all);
  if (options.bootstrap_samples > 0) {
    evaluation.intervals = bootstrap_intervals(
        scores.size(), options.bootstrap_samples, options.seed, options.confidence, kDiffqgFigureCount,
        [&](const std::vector<size_t>& indices, std::vector<std::optional<double>>& out) {
          out = diffqg_figures(scores, indices);
        });
  }
  return evaluation;
}

Json diffqg_example_json(const DiffqgExample& e) {
  const auto number = [](const std::optional<double>& v) { return v ? Json(*v) : Json(nullptr); };
  Json j = Json::object();
  j["id"] = e.id;
  j["label"] = e.label;
  j["gold_change"] = e.scores.gold_change;
  j["change"] = e.scores.change;
  j["correct"] = e.scores.change == e.scores.gold_change;
  j["qg_rouge1"] = number(e.scores.qg_rouge1);
  j["qg_rougeL"] = number(e.scores.qg_rougeL);
  j["full_rouge1"] = number(e.scores.full_rouge1);
  j["full_rougeL"] = number(e.scores.full_rougeL);
  return j;
}

Json diffqg_report_json(const DiffqgEvaluation& evaluation) {
  size_t with_question = 0, human = 0, human_with_question = 0;
  for (const DiffqgExample& e : evaluation.examples) {
    with_question += e.scores.gold_change ? 1 : 0;
    human += e.scores.human ? 1 : 0;
    human_with_question += e.scores.human && e.scores.gold_change ? 1 : 0;
  }
  const auto names = diffqg_figure_names();
  Json j = Json::object();
  j["n"] = evaluation.examples.size();
  j["task"] = "diffqg";
  j["counts"] = {{"with_question", with_question}, {"human", human}, {"human_with_question", human_with_question}};
  Json mean = Json::object();
  for (size_t k = 0; k < names.size(); ++k) {
    mean[names[k]] = evaluation.figures[k] ? Json(*evaluation.figures[k]) : Json(nullptr);
  }
  j["mean"] = std::move(mean);
  if (evaluation.intervals.empty()) {
    j["bootstrap"] = nullptr;
  } else {
    Json bootstrap = Json::object();
    for (size_t k = 0; k < names.size(); ++k) {
      const auto& b = evaluation.intervals[k];
      bootstrap[names[k]] = b ? Json{{"low", b->low}, {"mid", b->mid}, {"high", b->high}} : Json(nullptr);
    }
    j["bootstrap"] = std::move(bootstrap);
  }
  j["signature"] = diffqg_signature(evaluation.options);
  return j;
}

std::string diffqg_report_table(const DiffqgEvaluation& evaluation) {
  const Json report = diffqg_report_json(evaluation);
  const auto cell = [](const Json& v) {
    return table_cell(v.is_null() ? std::nullopt : std::optional<double>(v.get<double>()), 7, 2);
  };
  std::string out = "DiffQG: " + std::to_string(evaluation.examples.size()) + " examples (" +
                    report["counts"]["with_question"].dump() + " with a question), human-written subset " +
                    report["counts"]["human"].dump() + " (" + report["counts"]["human_with_question"].dump() +
                    " with a question)\n";
  out += "metric                   all   95% interval        human   95% interval\n";
  for (auto m : kDiffqgMetrics) {
    std::string line(m);
    line.resize(18, ' ');
    for (const std::string& name : {std::string(m), "human_" + std::string(m)}) {
      const Json& boot = report["bootstrap"].is_null() ? Json(nullptr) : report["bootstrap"][name];
      line += cell(report["mean"][name]);
      line += boot.is_null() ? std::string("                ") : "  [" + cell(boot["low"]).substr(1) + "," + cell(boot["high"]).substr(1) + "]";
      line += "  ";
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  out += "signature: " + diffqg_signature(evaluation.options) + "\n";
  return out;
}

namespace {
constexpr std::string_view kFruitPart = "|norm:fruit-diff-text|tok:rouge_score|stem:";
constexpr std::string_view kDiffqgPart = "|task:diffqg|tok:rouge_score|stem:";
constexpr std::string_view kDiffqgRule = "|qg:gold-question|";

// The FRUIT signature's rules that DiffQG replaces: empty-text scoring and the entity rule.
std::string fruit_rules() { return "|empty:100|ent:" + std::string(entities::kRuleName) + "|"; }

std::string replaced(std::string text, std::string_view from, std::string_view to) {
  const size_t at = text.find(from);
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}
}  // namespace

std::string diffqg_signature(const ScoringOptions& options) {
  return replaced(replaced(signature(options), kFruitPart, kDiffqgPart), fruit_rules(), kDiffqgRule);
}

std::optional<ScoringOptions> parse_diffqg_signature(std::string_view text) {
  if (text.find(kDiffqgPart) == std::string_view::npos) return std::nullopt;
  auto options = parse_signature(replaced(replaced(std::string(text), kDiffqgPart, kFruitPart), kDiffqgRule, fruit_rules()));
  if (!options || diffqg_signature(*options) != text) return std::nullopt;
  return options;
}

}  // namespace fruit
