// SPDX-License-Identifier: BSD-3-Clause
// Child processes; see process.hpp. posix_spawnp involves no shell, so paths
// with spaces or quotes pass unchanged.
#include "cli/process.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>

extern char** environ;

namespace mr2d::cli {

namespace {

// Owns the file actions of one spawn.
class Actions {
 public:
  Actions() { posix_spawn_file_actions_init(&actions_); }
  ~Actions() { posix_spawn_file_actions_destroy(&actions_); }
  Actions(const Actions&) = delete;
  Actions& operator=(const Actions&) = delete;
  posix_spawn_file_actions_t* get() { return &actions_; }

 private:
  posix_spawn_file_actions_t actions_;
};

// Starts args with `actions`; returns the child's id or -1.
pid_t spawn(const std::vector<std::string>& args, Actions& actions) {
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid = -1;
  if (posix_spawnp(&pid, argv[0], actions.get(), nullptr, argv.data(), environ) != 0) return -1;
  return pid;
}

int wait_for(pid_t pid) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return kCannotStart;
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return 128 + WTERMSIG(status);
}

}  // namespace

int run_process(const std::vector<std::string>& args, const std::string& stdout_path) {
  Actions actions;
  posix_spawn_file_actions_addopen(actions.get(), STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  if (!stdout_path.empty())
    posix_spawn_file_actions_addopen(actions.get(), STDOUT_FILENO, stdout_path.c_str(), O_WRONLY | O_CREAT | O_APPEND,
                                     0644);
  const pid_t pid = spawn(args, actions);
  return pid < 0 ? kCannotStart : wait_for(pid);
}

std::string process_output(const std::vector<std::string>& args) {
  int fds[2];
  if (pipe(fds) != 0) return {};
  Actions actions;
  posix_spawn_file_actions_addopen(actions.get(), STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(actions.get(), fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(actions.get(), fds[1], STDERR_FILENO);
  posix_spawn_file_actions_addclose(actions.get(), fds[0]);
  posix_spawn_file_actions_addclose(actions.get(), fds[1]);
  const pid_t pid = spawn(args, actions);
  close(fds[1]);
  std::string text;
  char buffer[4096];
  for (ssize_t got; (got = read(fds[0], buffer, sizeof buffer)) != 0;) {
    if (got < 0) {
      if (errno == EINTR) continue;
      break;
    }
    text.append(buffer, static_cast<std::size_t>(got));
  }
  close(fds[0]);
  if (pid >= 0) wait_for(pid);
  return text;
}

}  // namespace mr2d::cli
