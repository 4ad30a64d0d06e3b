#include "output.hpp"

#include <cinttypes>
#include <cstdio>

#include "table.hpp"

namespace probesim::survey {

namespace {

constexpr Variant kVariants[kVariantCount] = {
    Variant::k6_1, Variant::k6_1Probesim, Variant::k6_12,
    Variant::k6_12Probesim, Variant::k7_3, Variant::k7_3Probesim};

std::string hex(std::uint64_t v, int width) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%0*" PRIx64, width, v);
  return buf;
}

// The text output stays within this many columns.
constexpr std::size_t kTextWidth = 100;

// s broken at spaces into lines of at most width characters (a word longer
// than that gets a line of its own).
std::string wrap(const std::string& s, std::size_t width) {
  std::string out, line;
  std::size_t from = 0;
  while (from < s.size()) {
    std::size_t to = s.find(' ', from);
    if (to == std::string::npos) to = s.size();
    std::string word = s.substr(from, to - from);
    from = to + 1;
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      out += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  return out + line + "\n";
}

struct Row {
  std::string label;
  std::size_t fdes;
  std::size_t usdt;
  const Counts* functions;
  const Counts* probes;
};

std::vector<Row> rows_of(const std::vector<FileSurvey>& files,
                         const Totals& t) {
  std::vector<Row> rows;
  for (const auto& f : files)
    rows.push_back({f.path, f.fdes, f.probes.total, &f.functions, &f.probes});
  if (files.size() > 1)
    rows.push_back({"total (" + std::to_string(files.size()) + " files)",
                    t.fdes, t.probes.total, &t.functions, &t.probes});
  return rows;
}

Table shapes_table(const std::vector<Row>& rows, int footer) {
  Table t;
  t.header = {"binary", "FDEs", "functions", "usdt"};
  for (std::size_t s = 0; s < kShapeCount; s++)
    t.header.emplace_back(shape_name(static_cast<Shape>(s)));
  for (const auto& r : rows) {
    std::vector<std::string> cells = {r.label, std::to_string(r.fdes),
                                      std::to_string(r.functions->total),
                                      std::to_string(r.usdt)};
    for (std::size_t s = 0; s < kShapeCount; s++)
      cells.push_back(percent(r.functions->shapes[s], r.functions->total));
    t.rows.push_back(std::move(cells));
  }
  t.footer_from = footer;
  return t;
}

Table classes_table(const std::vector<Row>& rows, int footer, bool usdt) {
  Table t;
  t.header = {"binary", usdt ? "sites" : "functions"};
  for (std::size_t c = 0; c < kRawClassCount; c++)
    t.header.emplace_back(raw_class_name(static_cast<RawClass>(c)));
  for (const auto& r : rows) {
    const Counts& n = usdt ? *r.probes : *r.functions;
    if (usdt && n.total == 0) continue;
    std::vector<std::string> cells = {r.label, std::to_string(n.total)};
    for (std::size_t c = 0; c < kRawClassCount; c++)
      cells.push_back(percent(n.raw[c], n.total));
    t.rows.push_back(std::move(cells));
  }
  t.footer_from = usdt ? -1 : footer;
  t.drop_empty_columns(2);
  return t;
}

Table simulated_table(const std::vector<Row>& rows, int footer, bool usdt) {
  Table t;
  t.header = {"binary", usdt ? "sites" : "functions"};
  for (Variant v : kVariants) t.header.emplace_back(variant_name(v));
  t.header.emplace_back("rejected (6.12)");
  for (const auto& r : rows) {
    const Counts& n = usdt ? *r.probes : *r.functions;
    if (usdt && n.total == 0) continue;
    std::vector<std::string> cells = {r.label, std::to_string(n.total)};
    for (Variant v : kVariants) cells.push_back(percent(n.simulated(v), n.total));
    cells.push_back(percent(
        n.kernels[index(Variant::k6_12)][index(Outcome::kRejected)], n.total));
    t.rows.push_back(std::move(cells));
  }
  t.footer_from = usdt ? -1 : footer;
  return t;
}

// Per binary, the share of function entries a uprobe hits without
// single-stepping on variant v, as the stock kernel and then probesim's
// families add up (each column includes the ones before it).
Table steps_table(const std::vector<Row>& rows, int footer, Variant v) {
  Table t;
  t.header = {"binary", "functions"};
  for (std::size_t st = 0; st < kStepCount; st++) {
    std::string name(step_name(static_cast<Step>(st)));
    t.header.push_back(st == 0 ? std::string(variant_name(base_variant(v))) + " stock"
                               : "+ " + name);
  }
  for (const auto& r : rows) {
    const Counts& n = *r.functions;
    std::vector<std::string> cells = {r.label, std::to_string(n.total)};
    std::size_t sum = 0;
    for (std::size_t st = 0; st < kStepCount; st++) {
      sum += n.by_step(v, static_cast<Step>(st));
      cells.push_back(percent(sum, n.total));
    }
    t.rows.push_back(std::move(cells));
  }
  t.footer_from = footer;
  return t;
}

Table kernels_table(const Counts& n) {
  Table t;
  t.header = {"kernel"};
  for (std::size_t o = 0; o < kOutcomeCount; o++)
    t.header.emplace_back(outcome_name(static_cast<Outcome>(o)));
  for (Variant v : kVariants) {
    std::vector<std::string> cells = {std::string(variant_name(v))};
    for (std::size_t o = 0; o < kOutcomeCount; o++) {
      std::size_t k = n.kernels[index(v)][o];
      cells.push_back(k == 0 ? "0"
                             : std::to_string(k) + " (" +
                                   percent(k, n.total) + ")");
    }
    t.rows.push_back(std::move(cells));
  }
  t.drop_empty_columns(1);
  return t;
}

// Appends "name": to a JSON object under construction.
void key(std::string& out, std::string_view name) {
  out += '"';
  out += json_escape(std::string(name));
  out += "\": ";
}

template <typename Name>
void counts_object(std::string& out, std::size_t n, Name name,
                   const std::size_t* values) {
  out += '{';
  for (std::size_t i = 0; i < n; i++) {
    if (i) out += ", ";
    key(out, name(i));
    out += std::to_string(values[i]);
  }
  out += '}';
}

void json_counts(std::string& out, const Counts& n, std::string_view prefix) {
  key(out, std::string(prefix) + "classes");
  counts_object(out, kRawClassCount,
                [](std::size_t i) { return raw_class_name(static_cast<RawClass>(i)); },
                n.raw.data());
  out += ", ";
  key(out, std::string(prefix) + "shapes");
  counts_object(out, kShapeCount,
                [](std::size_t i) { return shape_name(static_cast<Shape>(i)); },
                n.shapes.data());
  out += ", ";
  key(out, std::string(prefix) + "kernels");
  out += '{';
  for (std::size_t v = 0; v < kVariantCount; v++) {
    if (v) out += ", ";
    key(out, variant_name(kVariants[v]));
    counts_object(out, kOutcomeCount,
                  [](std::size_t i) { return outcome_name(static_cast<Outcome>(i)); },
                  n.kernels[v].data());
    out.pop_back();  // reopen the object for the sum
    out += ", ";
    key(out, "simulated");
    out += std::to_string(n.simulated(kVariants[v]));
    out += '}';
  }
  out += "}, ";
  // Simulated entries per variant by what simulates them (Step).
  key(out, std::string(prefix) + "steps");
  out += '{';
  for (std::size_t v = 0; v < kVariantCount; v++) {
    if (v) out += ", ";
    key(out, variant_name(kVariants[v]));
    std::size_t by[kStepCount];
    for (std::size_t st = 0; st < kStepCount; st++)
      by[st] = n.by_step(kVariants[v], static_cast<Step>(st));
    counts_object(out, kStepCount,
                  [](std::size_t i) { return step_name(static_cast<Step>(i)); },
                  by);
  }
  out += '}';
}

void json_common(std::string& out, std::size_t cies, std::size_t fdes,
                 std::size_t fdes_skipped, std::size_t symbols,
                 std::size_t symbol_only, std::size_t unmapped,
                 std::size_t usdt_unmapped, const Counts& functions,
                 const Counts& probes) {
  const std::pair<const char*, std::size_t> scalars[] = {
      {"functions", functions.total}, {"usdt", probes.total},
      {"fdes", fdes},                 {"cies", cies},
      {"fdes_skipped", fdes_skipped}, {"symbols", symbols},
      {"symbol_only", symbol_only},   {"unmapped", unmapped},
      {"usdt_unmapped", usdt_unmapped}};
  for (const auto& [name, value] : scalars) {
    key(out, name);
    out += std::to_string(value);
    out += ", ";
  }
  json_counts(out, functions, "");
  out += ", ";
  json_counts(out, probes, "usdt_");
}

}  // namespace

Totals totals(const std::vector<FileSurvey>& files) {
  Totals t;
  for (const auto& f : files) {
    t.files++;
    t.cies += f.cies;
    t.fdes += f.fdes;
    t.fdes_skipped += f.fdes_skipped;
    t.symbols += f.symbols;
    t.symbol_only += f.symbol_only;
    t.unmapped += f.unmapped;
    t.usdt_unmapped += f.usdt_unmapped;
    t.functions.merge(f.functions);
    t.probes.merge(f.probes);
  }
  return t;
}

std::string percent(std::size_t n, std::size_t of) {
  if (of == 0) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%",
                100.0 * static_cast<double>(n) / static_cast<double>(of));
  return buf;
}

std::string render_tables(const std::vector<FileSurvey>& files,
                          TableFormat format) {
  Totals t = totals(files);
  std::vector<Row> rows = rows_of(files, t);
  int footer = files.size() > 1 ? static_cast<int>(files.size()) : -1;
  bool md = format == TableFormat::kMarkdown;
  auto render = [&](const std::string& title, const Table& table) {
    return (md ? "#### " + title + "\n\n" + table.markdown()
               : wrap(title, kTextWidth) + table.text(kTextWidth)) +
           "\n";
  };
  std::string out;
  out += render("Function entries: prologue shapes (% of functions)",
                shapes_table(rows, footer));
  out += render("Function entries: instruction classes (% of functions)",
                classes_table(rows, footer, false));
  out += render(
      "Function entries a uprobe hits without single-stepping "
      "(% of functions; probesim with stp=1, the other families at their "
      "defaults)",
      simulated_table(rows, footer, false));
  out += render(
      "Function entries a uprobe hits without single-stepping on 6.12, as "
      "probesim's families add up (% of functions, cumulative; alu is "
      "logic_imm, addsub_imm, movewide, logic_reg and addsub_reg)",
      steps_table(rows, footer, Variant::k6_12Probesim));
  out += render("All function entries, per kernel",
                kernels_table(t.functions));
  if (t.probes.total > 0) {
    out += render("USDT sites: instruction classes (% of sites)",
                  classes_table(rows, footer, true));
    out += render("USDT sites a uprobe hits without single-stepping",
                  simulated_table(rows, footer, true));
  }
  return out;
}

std::string json_escape(const std::string& s) {
  std::string out;
  for (unsigned char ch : s) {
    switch (ch) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (ch < 0x20)
          out += "\\u00" + hex(ch, 2);
        else
          out += static_cast<char>(ch);
    }
  }
  return out;
}

namespace {

// Appends s as a JSON string.
void string_value(std::string& out, const std::string& s) {
  out += '"';
  out += json_escape(s);
  out += '"';
}

}  // namespace

std::string render_json(const std::vector<FileSurvey>& files,
                        const FileErrors& errors) {
  std::string out = "{";
  key(out, "tool");
  string_value(out, "probesim-survey");
  out += ", ";
  key(out, "variants");
  out += '[';
  for (std::size_t v = 0; v < kVariantCount; v++) {
    if (v) out += ", ";
    string_value(out, std::string(variant_name(kVariants[v])));
  }
  out += "],\n ";
  key(out, "files");
  out += '[';
  for (std::size_t i = 0; i < files.size(); i++) {
    const auto& f = files[i];
    out += i ? ",\n  {" : "\n  {";
    key(out, "path");
    string_value(out, f.path);
    out += ", ";
    key(out, "eh_frame");
    string_value(out, f.eh_frame_source);
    out += ", ";
    json_common(out, f.cies, f.fdes, f.fdes_skipped, f.symbols, f.symbol_only,
                f.unmapped, f.usdt_unmapped, f.functions, f.probes);
    out += ", ";
    key(out, "notes");
    out += '[';
    for (std::size_t n = 0; n < f.notes.size(); n++) {
      if (n) out += ", ";
      string_value(out, f.notes[n]);
    }
    out += "]}";
  }
  Totals t = totals(files);
  out += "],\n ";
  key(out, "total");
  out += '{';
  key(out, "files");
  out += std::to_string(t.files);
  out += ", ";
  json_common(out, t.cies, t.fdes, t.fdes_skipped, t.symbols, t.symbol_only,
              t.unmapped, t.usdt_unmapped, t.functions, t.probes);
  out += "},\n ";
  key(out, "errors");
  out += '[';
  for (std::size_t i = 0; i < errors.size(); i++) {
    if (i) out += ", ";
    out += '{';
    key(out, "path");
    string_value(out, errors[i].first);
    out += ", ";
    key(out, "error");
    string_value(out, errors[i].second);
    out += '}';
  }
  out += "]}\n";
  return out;
}

std::string render_list(const FileSurvey& file) {
  std::string out;
  auto line = [&out](const char* what, std::uint64_t addr,
                     const std::optional<std::uint32_t>& word,
                     const std::string& name) {
    out += what;
    out += ' ';
    out += hex(addr, 8);
    out += ' ';
    if (!word) {
      out += "-------- (not in executable code) ";
    } else {
      out += hex(*word, 8);
      out += ' ';
      out += raw_class_name(raw_class(*word));
      for (Variant v : kVariants) {
        out += ' ';
        out += variant_name(v);
        out += '=';
        out += outcome_name(outcome(*word, v));
      }
      out += ' ';
    }
    out += name;
    out += '\n';
  };
  for (const auto& e : file.entries) {
    const char* src = e.from_fde ? (e.from_symbol ? "[fde+sym] " : "[fde] ")
                                 : "[sym] ";
    line("func", e.addr, e.word, src + e.name);
  }
  for (const auto& p : file.usdt)
    line("usdt", p.site.pc, p.word, p.site.provider + ":" + p.site.name);
  return out;
}

}  // namespace probesim::survey
