// SPDX-License-Identifier: GPL-2.0-only
// probesim-run-as UID GID PROGRAM [ARG...]: run PROGRAM as UID:GID with no
// supplementary groups and so no capabilities, for the tests that must
// see what an unprivileged user sees (the guest's busybox cannot: its
// setpriv has no --reuid, and its start-stop-daemon no user database).
#include <grp.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <string_view>

namespace {

bool parse_id(std::string_view text, unsigned int &id) {
  const auto *end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, id);
  return ec == std::errc() && ptr == end;
}

}  // namespace

int main(int argc, char **argv) {
  unsigned int uid = 0, gid = 0;
  if (argc < 4 || !parse_id(argv[1], uid) || !parse_id(argv[2], gid)) {
    std::fprintf(stderr, "usage: probesim-run-as UID GID PROGRAM [ARG...]\n");
    return 2;
  }
  if (setgroups(0, nullptr) || setgid(gid) || setuid(uid)) {
    std::fprintf(stderr, "probesim-run-as: %s\n", std::strerror(errno));
    return 1;
  }
  execv(argv[3], argv + 3);
  std::fprintf(stderr, "probesim-run-as: %s: %s\n", argv[3], std::strerror(errno));
  return 127;
}
