#include "output.hpp"

#include <cinttypes>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "table.hpp"

namespace probesim::survey {

namespace {

using Json = nlohmann::ordered_json;

// Every variant in the order of its index, which is the JSON's order.
constexpr Variant kVariants[kVariantCount] = {
    Variant::k6_1, Variant::k6_1ProbesimStp, Variant::k6_12,
    Variant::k6_12ProbesimStp, Variant::k7_3, Variant::k7_3ProbesimStp,
    Variant::k6_1ProbesimDefaults, Variant::k6_12ProbesimDefaults,
    Variant::k7_3ProbesimDefaults};

// The kernel whose figures stand for all in the secondary columns (stp=1,
// rejected, the families adding up): 6.1 and 7.3 differ from it only
// where the stock kernel does.
constexpr BaseKernel kMainKernel = BaseKernel::k6_12;

// What the tables call the probesim variants.
std::string variant_legend() {
  return "KERNEL+probesim-defaults: probesim at its default parameters, " +
         std::string(variant_params(Variant::k6_12ProbesimDefaults)) +
         ", so STP pushes are single-stepped; KERNEL+probesim: the same with stp=1";
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

// The tables' rows: each file's survey, then the totals' if there are
// several files.
using Rows = std::vector<const FileSurvey*>;

Table shapes_table(const Rows& rows, int footer) {
  Table t;
  t.header = {"binary", "FDEs", "functions", "usdt"};
  for (std::size_t s = 0; s < kShapeCount; s++)
    t.header.emplace_back(shape_name(static_cast<Shape>(s)));
  for (const auto& r : rows) {
    std::vector<std::string> cells = {r->path, std::to_string(r->fdes),
                                      std::to_string(r->functions.total),
                                      std::to_string(r->probes.total)};
    for (std::size_t s = 0; s < kShapeCount; s++)
      cells.push_back(percent(r->functions.shapes[s], r->functions.total));
    t.rows.push_back(std::move(cells));
  }
  t.footer_from = footer;
  return t;
}

Table classes_table(const Rows& rows, int footer, bool usdt) {
  Table t;
  t.header = {"binary", usdt ? "sites" : "functions"};
  for (std::size_t c = 0; c < kRawClassCount; c++)
    t.header.emplace_back(raw_class_name(static_cast<RawClass>(c)));
  for (const auto& r : rows) {
    const Counts& n = usdt ? r->probes : r->functions;
    if (usdt && n.total == 0) continue;
    std::vector<std::string> cells = {r->path, std::to_string(n.total)};
    for (std::size_t c = 0; c < kRawClassCount; c++)
      cells.push_back(percent(n.raw[c], n.total));
    t.rows.push_back(std::move(cells));
  }
  t.footer_from = usdt ? -1 : footer;
  t.drop_empty_columns(2);
  return t;
}

// Per binary, the share of entries a uprobe hits without single-stepping:
// each kernel stock and with probesim's defaults, then, secondary, with
// stp=1 and what the stock kernel rejects.
Table simulated_table(const Rows& rows, int footer, bool usdt) {
  // Columns side by side in the text: a kernel stock and with probesim,
  // and stp=1 with rejected.
  struct Group {
    std::vector<Variant> variants;
    bool rejected = false;
  };
  std::vector<Group> groups;
  for (BaseKernel k : kBaseKernels)
    groups.push_back({{variant_of(k, Probesim::kAbsent), variant_of(k, Probesim::kDefaults)}});
  groups.push_back({{variant_of(kMainKernel, Probesim::kStp)}, true});
  const Variant stock = variant_of(kMainKernel, Probesim::kAbsent);

  Table t;
  t.header = {"binary", usdt ? "sites" : "functions"};
  t.groups = {0, 0};
  for (std::size_t g = 0; g < groups.size(); g++) {
    for (Variant v : groups[g].variants) t.header.emplace_back(variant_name(v));
    if (groups[g].rejected)
      t.header.push_back("rejected (" + std::string(variant_name(stock)) + ")");
    t.groups.resize(t.header.size(), static_cast<int>(g + 1));
  }
  for (const auto& r : rows) {
    const Counts& n = usdt ? r->probes : r->functions;
    if (usdt && n.total == 0) continue;
    std::vector<std::string> cells = {r->path, std::to_string(n.total)};
    for (const Group& g : groups) {
      for (Variant v : g.variants) cells.push_back(percent(n.simulated(v), n.total));
      if (g.rejected)
        cells.push_back(percent(n.kernels[index(stock)][index(Outcome::kRejected)],
                                n.total));
    }
    t.rows.push_back(std::move(cells));
  }
  t.footer_from = usdt ? -1 : footer;
  return t;
}

// Per binary, the share of function entries a uprobe hits without
// single-stepping on kernel k, as the stock kernel and then probesim's
// families add up (each column includes the ones before it): those on by
// default, which end at KERNEL+probesim-defaults, then stp=1, which ends
// at KERNEL+probesim.
Table steps_table(const Rows& rows, int footer, BaseKernel k) {
  const std::vector<Step> steps = cumulative_steps();
  Table t;
  t.header = {"binary", "functions"};
  for (Step st : steps) t.header.push_back(step_column(k, st));
  for (const auto& r : rows) {
    const Counts& n = r->functions;
    std::vector<std::string> cells = {r->path, std::to_string(n.total)};
    std::size_t sum = 0;
    for (Step st : steps) {
      sum += n.by_step(variant_of(k, step_on_by_default(st) ? Probesim::kDefaults : Probesim::kStp),
                       st);
      cells.push_back(percent(sum, n.total));
    }
    t.rows.push_back(std::move(cells));
  }
  t.footer_from = footer;
  return t;
}

// Every outcome per variant, a kernel's variants together.
Table kernels_table(const Counts& n) {
  Table t;
  t.header = {"kernel"};
  for (std::size_t o = 0; o < kOutcomeCount; o++)
    t.header.emplace_back(outcome_name(static_cast<Outcome>(o)));
  for (BaseKernel k : kBaseKernels) {
    for (Probesim p : {Probesim::kAbsent, Probesim::kDefaults, Probesim::kStp}) {
      const Variant v = variant_of(k, p);
      std::vector<std::string> cells = {std::string(variant_name(v))};
      for (std::size_t o = 0; o < kOutcomeCount; o++) {
        std::size_t c = n.kernels[index(v)][o];
        cells.push_back(c == 0 ? "0"
                               : std::to_string(c) + " (" +
                                     percent(c, n.total) + ")");
      }
      t.rows.push_back(std::move(cells));
    }
  }
  t.drop_empty_columns(1);
  return t;
}

// An object of the counts values[0, n), each under the name of the
// enumerator of its index.
template <typename Enum>
Json counts_object(std::size_t n, std::string_view (*name)(Enum), const std::size_t* values) {
  Json out = Json::object();
  for (std::size_t i = 0; i < n; i++) out[std::string(name(static_cast<Enum>(i)))] = values[i];
  return out;
}

// An object keyed by every variant, in kVariants' order: value(v) is the
// value of kVariants[v].
template <typename Value>
Json variant_object(Value value) {
  Json out = Json::object();
  for (std::size_t v = 0; v < kVariantCount; v++)
    out[std::string(variant_name(kVariants[v]))] = value(v);
  return out;
}

void json_counts(Json& out, const Counts& n, const std::string& prefix) {
  out[prefix + "classes"] = counts_object(kRawClassCount, raw_class_name, n.raw.data());
  out[prefix + "shapes"] = counts_object(kShapeCount, shape_name, n.shapes.data());
  out[prefix + "kernels"] = variant_object([&](std::size_t v) {
    Json kernel = counts_object(kOutcomeCount, outcome_name, n.kernels[v].data());
    kernel["simulated"] = n.simulated(kVariants[v]);
    return kernel;
  });
  // Simulated entries per variant by what simulates them (Step).
  out[prefix + "steps"] = variant_object([&](std::size_t v) {
    std::size_t by[kStepCount];
    for (std::size_t st = 0; st < kStepCount; st++)
      by[st] = n.by_step(kVariants[v], static_cast<Step>(st));
    return counts_object(kStepCount, step_name, by);
  });
}

// The counts of a file's survey, which the totals have too.
void json_common(Json& out, const FileSurvey& s) {
  const std::pair<const char*, std::size_t> scalars[] = {
      {"functions", s.functions.total}, {"usdt", s.probes.total},
      {"fdes", s.fdes},                 {"cies", s.cies},
      {"fdes_skipped", s.fdes_skipped}, {"symbols", s.symbols},
      {"symbol_only", s.symbol_only},   {"unmapped", s.unmapped},
      {"usdt_unmapped", s.usdt_unmapped}};
  for (const auto& [name, value] : scalars) out[name] = value;
  json_counts(out, s.functions, "");
  json_counts(out, s.probes, "usdt_");
}

}  // namespace

FileSurvey totals(const std::vector<FileSurvey>& files) {
  FileSurvey t;
  t.path = "total (" + std::to_string(files.size()) + " files)";
  for (const auto& f : files) {
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

std::string hex(std::uint64_t v, int width) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%0*" PRIx64, width, v);
  return buf;
}

std::string percent(std::int64_t n, std::int64_t of) {
  if (of == 0) return "-";
  return percent_text(100.0 * static_cast<double>(n) / static_cast<double>(of));
}

std::string percent_text(double p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", p);
  return buf;
}

std::string step_column(BaseKernel kernel, Step step) {
  if (step == Step::kKernel) return std::string(base_kernel_name(kernel)) + " stock";
  return "+ " + std::string(step_name(step)) + (step_on_by_default(step) ? "" : "=1");
}

std::string render_tables(const std::vector<FileSurvey>& files,
                          TableFormat format) {
  const FileSurvey t = totals(files);
  Rows rows;
  for (const auto& f : files) rows.push_back(&f);
  if (files.size() > 1) rows.push_back(&t);
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
      "Function entries a uprobe hits without single-stepping (% of "
      "functions; " + variant_legend() + ")",
      simulated_table(rows, footer, false));
  out += render(
      "Function entries a uprobe hits without single-stepping on " +
          std::string(base_kernel_name(kMainKernel)) +
          ", as probesim's families add up (% of functions, cumulative; alu "
          "is " + family_list("alu") + "; + "
          "pac is probesim's defaults, + stp=1 adds the stp family)",
      steps_table(rows, footer, kMainKernel));
  out += render("All function entries, per kernel (" +
                    variant_legend() + ")",
                kernels_table(t.functions));
  if (t.probes.total > 0) {
    out += render("USDT sites: instruction classes (% of sites)",
                  classes_table(rows, footer, true));
    out += render("USDT sites a uprobe hits without single-stepping (% of "
                  "sites; " + variant_legend() + ")",
                  simulated_table(rows, footer, true));
  }
  return out;
}

std::string render_json(const std::vector<FileSurvey>& files,
                        const FileErrors& errors) {
  Json out = {{"tool", "probesim-survey"}, {"variants", Json::array()}};
  for (Variant v : kVariants) out["variants"].push_back(std::string(variant_name(v)));
  // probesim's parameters per variant, null for a stock kernel.
  out["variant_params"] = variant_object([](std::size_t v) {
    const std::string_view params = variant_params(kVariants[v]);
    return params.empty() ? Json() : Json(std::string(params));
  });
  out["files"] = Json::array();
  for (const auto& f : files) {
    Json file = {{"path", f.path}, {"eh_frame", f.eh_frame_source}};
    json_common(file, f);
    file["notes"] = f.notes;
    out["files"].push_back(std::move(file));
  }
  out["total"] = {{"files", files.size()}};
  json_common(out["total"], totals(files));
  out["errors"] = Json::array();
  for (const auto& [path, error] : errors)
    out["errors"].push_back({{"path", path}, {"error", error}});
  // Paths are the file system's bytes: what is not UTF-8 becomes U+FFFD.
  return out.dump(1, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::vector<Variant> listed_variants() {
  std::vector<Variant> out;
  for (Variant v : kVariants)
    if (probesim_of(v) != Probesim::kDefaults) out.push_back(v);
  return out;
}

std::string render_list(const FileSurvey& file) {
  std::string out;
  auto line = [&out](const char* what, std::uint64_t addr,
                     const std::optional<std::uint32_t>& word,
                     const std::optional<std::uint64_t>& file_offset,
                     const std::string& name) {
    out += std::string(what) + ' ' + hex(addr, 8) + ' ';
    if (!word) {
      out += "-------- (not in executable code) ";
    } else {
      out += hex(*word, 8) + ' ' + std::string(raw_class_name(raw_class(*word)));
      for (Variant v : listed_variants())
        out +=
            ' ' + std::string(variant_name(v)) + '=' + std::string(outcome_name(outcome(*word, v)));
      out += ' ';
    }
    // The file offset is what a tracefs uprobe needs: PATH:0xOFFSET.
    if (file_offset) out += "offset=0x" + hex(*file_offset, 1) + ' ';
    out += name + '\n';
  };
  for (const auto& e : file.entries)
    line("func", e.addr, e.word, e.file_offset,
         (e.from_fde ? (e.from_symbol ? "[fde+sym] " : "[fde] ") : "[sym] ") + e.name);
  for (const auto& p : file.usdt)
    line("usdt", p.site.pc, p.word, p.file_offset, p.site.provider + ":" + p.site.name);
  return out;
}

}  // namespace probesim::survey
