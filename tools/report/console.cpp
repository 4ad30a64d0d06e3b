#include "console.hpp"

#include <optional>

#include "text.hpp"

namespace probesim::report {

namespace {

struct Marker {
  enum class Type { Begin, End, Done } type;
  std::string kind;
  std::string name;
  std::size_t start;  // offset of the opening "@@" in the line
  std::size_t end;    // offset just past the closing "@@"
};

// Parses the text between "@@probesim-" and the closing "@@".
std::optional<Marker> parse_marker_body(std::string_view body) {
  if (body == "done") return Marker{Marker::Type::Done, {}, {}, 0, 0};
  const bool begin = body.starts_with("begin ");
  if (!begin && !body.starts_with("end ")) return std::nullopt;
  const auto type = begin ? Marker::Type::Begin : Marker::Type::End;
  const std::string_view rest = trim(body.substr(body.find(' ')));
  const std::string_view kind = rest.substr(0, rest.find(' '));
  if (kind.empty()) return std::nullopt;
  const std::string_view name = trim(rest.substr(kind.size()));
  return Marker{type, std::string(kind), std::string(name.empty() ? kind : name), 0, 0};
}

std::optional<Marker> find_marker(std::string_view line) {
  constexpr std::string_view tag = "@@probesim-";
  for (std::size_t start = line.find(tag); start != std::string_view::npos;
       start = line.find(tag, start + 1)) {
    const std::size_t body_start = start + tag.size();
    const std::size_t close = line.find("@@", body_start);
    if (close == std::string_view::npos) return std::nullopt;
    if (auto marker = parse_marker_body(line.substr(body_start, close - body_start))) {
      marker->start = start;
      marker->end = close + 2;
      return marker;
    }
  }
  return std::nullopt;
}

class ConsoleSplitter {
 public:
  void add_line(std::string_view line) {
    log_.lines.emplace_back(line);
    process(line);
  }

  ConsoleLog finish() {
    close_section(false);
    return std::move(log_);
  }

 private:
  void process(std::string_view text) {
    const auto marker = find_marker(text);
    if (!marker) {
      add_content(text);
      return;
    }
    // Text around a marker is output that shared the console line with it.
    if (const auto before = text.substr(0, marker->start); !trim(before).empty()) {
      add_content(before);
    }
    apply(*marker);
    if (const auto after = text.substr(marker->end); !trim(after).empty()) process(after);
  }

  void apply(const Marker& marker) {
    switch (marker.type) {
      case Marker::Type::Begin:
        close_section(false);  // a begin inside a section ends it
        current_ = Section{marker.kind, marker.name, {}, false};
        break;
      case Marker::Type::End: close_section(true); break;
      case Marker::Type::Done: log_.done = true; break;
    }
  }

  void add_content(std::string_view text) {
    if (!current_) {
      log_.kernel_console.emplace_back(text);
      return;
    }
    current_->lines.emplace_back(text);
    if (current_->kind != "dmesg" && has_timestamp(text)) log_.kernel_console.emplace_back(text);
  }

  void close_section(bool terminated) {
    if (!current_) return;
    current_->terminated = terminated;
    log_.sections.push_back(std::move(*current_));
    current_.reset();
  }

  ConsoleLog log_;
  std::optional<Section> current_;
};

}  // namespace

ConsoleLog split_console(std::string_view text) {
  ConsoleSplitter splitter;
  for (const std::string& line : split_lines(text)) splitter.add_line(line);
  return splitter.finish();
}

}  // namespace probesim::report
