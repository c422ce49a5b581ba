#include "library_probe.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>

#include "opsim/op_api/user_call.h"

namespace opsim::op_api {
namespace {

int probe_fd = -1;  // the child's end of the pipe (the child is single-threaded)

void WriteAll(int fd, const std::string& text) {
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n <= 0) return;
    done += static_cast<size_t>(n);
  }
}

// In the child: an exception a static initialiser threw during dlopen. Say what it was, leave.
[[noreturn]] void ProbeTerminate() {
  // Two writes, not "T" + text: GCC 12's -O3 -Wrestrict misreads that concatenation.
  const std::string text = DescribeCurrentException();
  WriteAll(probe_fd, "T");
  WriteAll(probe_fd, text);
  _exit(70);
}

[[noreturn]] void RunChild(const std::string& path, int fd) {
  probe_fd = fd;
  std::set_terminate(&ProbeTerminate);
  // glibc 2.36 lets the exception unwind out of dlopen (its loader lock still held) instead of
  // terminating, but declares dlopen noexcept, so a plain call's catch is compiled away and the
  // child went on as the parent, back into its caller. Through an opaque pointer it is caught.
  void* (*volatile open)(const char*, int) = &dlopen;
  try {
    (void)open(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  } catch (...) {
    ProbeTerminate();
  }
  WriteAll(fd, "K");
  _exit(0);
}

double TimeoutSeconds() {
  const char* text = std::getenv("OPSIM_LIBRARY_LOAD_TIMEOUT");
  if (text == nullptr) return 60;
  char* end = nullptr;
  const double v = std::strtod(text, &end);
  return end != text && *end == '\0' && v > 0 && v < 1e6 ? v : 60;
}

// Reads the child's report until it closes the pipe or the time is up (false).
bool ReadReport(int fd, double seconds, std::string* report) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  char buffer[512];
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return false;
    pollfd p{fd, POLLIN, 0};
    const int ready = poll(&p, 1, static_cast<int>(left.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) return ready < 0;
    const ssize_t n = read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return true;
    report->append(buffer, static_cast<size_t>(n));
  }
}

}  // namespace

Status ProbeLibraryLoad(const std::string& path) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) return Status::Ok();  // cannot probe: load as before
  std::fflush(nullptr);  // the child must not write the parent's buffered output again
  const pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    return Status::Ok();
  }
  if (pid == 0) {
    close(fds[0]);
    RunChild(path, fds[1]);
  }
  close(fds[1]);
  const double seconds = TimeoutSeconds();
  std::string report;
  const bool finished = ReadReport(fds[0], seconds, &report);
  close(fds[0]);
  if (!finished) kill(pid, SIGKILL);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  const std::string prefix = "operator library " + path + " cannot be loaded: ";
  if (!finished) {
    return {ErrorCode::kInvalidParam,
            prefix + "its static initialisers were still running after " +
                std::to_string(static_cast<int>(seconds)) +
                " s (stage load; OPSIM_LIBRARY_LOAD_TIMEOUT sets the limit)"};
  }
  if (report == "K") return Status::Ok();
  if (!report.empty() && report[0] == 'T') {
    return {ErrorCode::kInvalidParam,
            prefix + "a static initialiser threw " + report.substr(1) + " (stage load)"};
  }
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    return {ErrorCode::kInvalidParam, prefix + "a static initialiser died of signal " +
                                          std::to_string(sig) + " (" + strsignal(sig) +
                                          ") (stage load)"};
  }
  return {ErrorCode::kInvalidParam,
          prefix + "a static initialiser called exit(" +
              std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) +
              ") while the library loaded (stage load)"};
}

}  // namespace opsim::op_api
