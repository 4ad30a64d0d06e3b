#include "table.hpp"

#include <algorithm>

namespace probesim::survey {

namespace {

// A first-column cell never gets narrower than this, however wide the
// other columns are.
constexpr std::size_t kMinFirstWidth = 8;

// s cut to width from the left, "..." marking the cut: the end of a path
// names the file. Never cuts into a UTF-8 sequence.
std::string elide_left(const std::string& s, std::size_t width) {
  if (s.size() <= width) return s;
  const std::size_t dots = width > 3 ? 3 : 0;
  std::size_t from = s.size() - (width - dots);
  while (from < s.size() && (static_cast<unsigned char>(s[from]) & 0xC0) == 0x80)
    from++;
  return std::string(dots, '.') + s.substr(from);
}

}  // namespace

void Table::drop_empty_columns(std::size_t first_data_column) {
  for (std::size_t col = header.size(); col-- > first_data_column;) {
    bool empty = std::all_of(rows.begin(), rows.end(), [&](const auto& r) {
      return col >= r.size() || r[col].empty() || r[col] == "0" || r[col] == "0.0%" ||
             r[col] == "-";
    });
    if (!empty) continue;
    header.erase(header.begin() + static_cast<std::ptrdiff_t>(col));
    if (col < groups.size()) groups.erase(groups.begin() + static_cast<std::ptrdiff_t>(col));
    for (auto& r : rows)
      if (col < r.size()) r.erase(r.begin() + static_cast<std::ptrdiff_t>(col));
  }
}

std::string Table::text(std::size_t max_width) const {
  std::vector<std::size_t> width(header.size(), 0);
  auto measure = [&](const std::vector<std::string>& r) {
    for (std::size_t i = 0; i < r.size() && i < width.size(); i++)
      width[i] = std::max(width[i], r[i].size());
  };
  measure(header);
  for (const auto& r : rows) measure(r);
  if (width.empty()) return "";

  // Long labels (paths) are cut so that the first column and the widest
  // other one fit side by side.
  std::size_t widest = 0;
  for (std::size_t i = 1; i < width.size(); i++) widest = std::max(widest, width[i]);
  if (width.size() > 1 && width[0] + 2 + widest > max_width) {
    const std::size_t room = max_width > widest + 2 ? max_width - widest - 2 : 0;
    width[0] = std::max(room, std::min(width[0], kMinFirstWidth));
  }

  // Column 0 and as many of the next columns as fit; each block takes at
  // least one column of its own, even if that alone is too wide. A group
  // of columns moves to the next block as a whole, unless it is too wide
  // for any block.
  auto same_group = [&](std::size_t a, std::size_t b) {
    return a < groups.size() && b < groups.size() && groups[a] == groups[b];
  };
  std::vector<std::vector<std::size_t>> blocks;
  std::size_t used = 0;
  auto place = [&](std::size_t from, std::size_t to, std::size_t run) {
    if (blocks.empty() || (blocks.back().size() > 1 && used + run > max_width)) {
      blocks.push_back({0});
      used = width[0];
    }
    for (std::size_t i = from; i < to; i++) blocks.back().push_back(i);
    used += run;
  };
  for (std::size_t i = 1; i < width.size();) {
    std::size_t end = i + 1, run = 2 + width[i];
    while (end < width.size() && same_group(end, i)) run += 2 + width[end++];
    if (width[0] + run <= max_width) {
      place(i, end, run);
    } else {
      for (std::size_t j = i; j < end; j++) place(j, j + 1, 2 + width[j]);
    }
    i = end;
  }
  if (blocks.empty()) blocks.push_back({0});

  std::string out;
  for (const auto& cols : blocks) {
    auto line = [&](const std::vector<std::string>& r) {
      std::string s;
      for (std::size_t i : cols) {
        std::string cell = i < r.size() ? r[i] : "";
        if (i == 0) cell = elide_left(cell, width[0]);
        std::string pad(width[i] - cell.size(), ' ');
        if (i > 0) s += "  ";
        s += i == 0 ? cell + pad : pad + cell;  // first column left
      }
      while (!s.empty() && s.back() == ' ') s.pop_back();
      return s + "\n";
    };
    std::size_t total = 0;
    for (std::size_t i : cols) total += width[i] + 2;
    const std::string rule(total - 2, '-');
    if (!out.empty()) out += "\n";
    out += line(header) + rule + "\n";
    for (std::size_t i = 0; i < rows.size(); i++) {
      if (static_cast<int>(i) == footer_from) out += rule + "\n";
      out += line(rows[i]);
    }
  }
  return out;
}

std::string Table::markdown(std::size_t label_columns) const {
  auto line = [&](const std::vector<std::string>& r, bool bold) {
    std::string out = "|";
    for (std::size_t i = 0; i < header.size(); i++) {
      std::string cell = i < r.size() ? r[i] : "";
      for (auto& ch : cell)
        if (ch == '|') ch = '/';
      if (bold && !cell.empty()) cell = "**" + cell + "**";
      out += " " + cell + " |";
    }
    return out + "\n";
  };
  std::string out = line(header, false) + "|";
  for (std::size_t i = 0; i < header.size(); i++)
    out += i < label_columns ? " --- |" : " ---: |";
  out += "\n";
  for (std::size_t i = 0; i < rows.size(); i++)
    out += line(rows[i], footer_from >= 0 && static_cast<int>(i) >= footer_from);
  return out;
}

}  // namespace probesim::survey
