// What probesim-survey prints: tables (plain text or Markdown), JSON, and
// a per-entry listing.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "survey.hpp"

namespace probesim::survey {

// The sums of the files' counts, as the survey of a file named "total (N
// files)", as the tables' footer has it, without entries, sites or notes.
FileSurvey totals(const std::vector<FileSurvey>& files);

// v in lower-case hexadecimal, at least width digits.
std::string hex(std::uint64_t v, int width = 1);

// "57.0%"; "-" when there is nothing to divide by. Signed, as the
// report's differences of counts read from a file are.
std::string percent(std::int64_t n, std::int64_t of);
// A percentage as percent() writes it: 57.0 is "57.0%".
std::string percent_text(double p);

// The head of a column of steps_table (Step): "6.12 stock" for the
// kernel's own, then "+ nop", "+ alu", "+ bti", "+ stp=1".
std::string step_column(BaseKernel kernel, Step step);

enum class TableFormat { kText, kMarkdown };

std::string render_tables(const std::vector<FileSurvey>& files,
                          TableFormat format);

// Files that failed: path and message.
using FileErrors = std::vector<std::pair<std::string, std::string>>;

std::string render_json(const std::vector<FileSurvey>& files,
                        const FileErrors& errors);

// The variants of the per-entry listing and the grep benchmark's probe
// table: each stock kernel and KERNEL+probesim (stp=1); not the
// +probesim-defaults variants, which differ only on stp pushes.
std::vector<Variant> listed_variants();

// One line per function entry and USDT site: address, word, class, and
// the outcome on each of listed_variants().
std::string render_list(const FileSurvey& file);

}  // namespace probesim::survey
