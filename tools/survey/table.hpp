// A table of strings rendered as aligned plain text or as Markdown.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace probesim::survey {

struct Table {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  // Rows after this many are set off as a footer (totals); -1 for none.
  int footer_from = -1;
  // Adjacent columns with the same number here go into the same block of
  // text() when they fit there together (a kernel and the same kernel with
  // probesim, say). Empty, or shorter than header: a column on its own.
  std::vector<int> groups;

  // Drops the columns from first_data_column on whose cells are all
  // empty, "0", "0.0%" or "-".
  void drop_empty_columns(std::size_t first_data_column);

  // Aligned columns, two spaces apart. A table wider than max_width is cut
  // into blocks of columns, each led by the first column again, so that it
  // reads in a terminal without wrapping; a first-column cell too long to
  // fit beside the widest other column loses its start to "...".
  std::string text(std::size_t max_width = 100) const;
  // The first label_columns columns are aligned left (names), the others
  // right (figures).
  std::string markdown(std::size_t label_columns = 1) const;
};

}  // namespace probesim::survey
