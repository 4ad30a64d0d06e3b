// A map that keeps its keys in insertion order, as the benchmark's JSON
// does: assigning to a key that is there keeps its place. The bench
// results' key order and their ties in sorts come from this order.
#pragma once

#include <cstddef>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace probesim {

template <typename V>
class OrderedMap {
 public:
  using Entry = std::pair<std::string, V>;

  V& operator[](const std::string& key) {
    const auto [it, added] = index_.try_emplace(key, entries_.size());
    if (added) entries_.emplace_back(key, V{});
    return entries_[it->second].second;
  }

  void set(const std::string& key, V value) { (*this)[key] = std::move(value); }

  const V* find(const std::string& key) const {
    const auto it = index_.find(key);
    return it == index_.end() ? nullptr : &entries_[it->second].second;
  }
  V* find(const std::string& key) {
    const auto it = index_.find(key);
    return it == index_.end() ? nullptr : &entries_[it->second].second;
  }
  bool contains(const std::string& key) const { return index_.contains(key); }

  std::size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }
  auto begin() const { return entries_.begin(); }
  auto end() const { return entries_.end(); }
  const std::vector<Entry>& entries() const { return entries_; }

  // Equal as dicts are: the same keys with the same values, in any order.
  bool operator==(const OrderedMap& other) const {
    if (size() != other.size()) return false;
    for (const auto& [key, value] : entries_) {
      const V* theirs = other.find(key);
      if (!theirs || !(*theirs == value)) return false;
    }
    return true;
  }

 private:
  std::vector<Entry> entries_;
  std::unordered_map<std::string, std::size_t> index_;
};

}  // namespace probesim
