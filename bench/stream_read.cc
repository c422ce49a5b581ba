// stream_read: this machine's memory read bandwidth, the yardstick `opsim bench` is held to.
//
// Each of T threads sums its contiguous share of a page-aligned, huge-page-backed float32 buffer
// with Highway SIMD (four independent accumulators, so the adds never limit the loads). A second
// figure, "staged", first copies each 64 KiB tile into a small private buffer and sums that:
// the best a simulator can do that models the DMA into the Unified Buffer as a real copy.
// Prints the median of the repeats (GB/s of buffer bytes), or one JSON object with --json.
//
//   stream_read [--bytes N] [--threads 1,2] [--repeat 7] [--json]
#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "stream_read.cc"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace stream_read {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

float SumImpl(const float* p, size_t n) {
  const hn::ScalableTag<float> d;
  const size_t L = hn::Lanes(d);
  auto a0 = hn::Zero(d), a1 = hn::Zero(d), a2 = hn::Zero(d), a3 = hn::Zero(d);
  size_t i = 0;
  for (; i + 4 * L <= n; i += 4 * L) {
    a0 = hn::Add(a0, hn::LoadU(d, p + i));
    a1 = hn::Add(a1, hn::LoadU(d, p + i + L));
    a2 = hn::Add(a2, hn::LoadU(d, p + i + 2 * L));
    a3 = hn::Add(a3, hn::LoadU(d, p + i + 3 * L));
  }
  float s = hn::GetLane(hn::SumOfLanes(d, hn::Add(hn::Add(a0, a1), hn::Add(a2, a3))));
  for (; i < n; ++i) s += p[i];
  return s;
}

}  // namespace HWY_NAMESPACE
}  // namespace stream_read
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace stream_read {

HWY_EXPORT(SumImpl);

float Sum(const float* p, size_t n) { return HWY_DYNAMIC_DISPATCH(SumImpl)(p, n); }

constexpr size_t kTileFloats = 16384;  // 64 KiB, a Unified Buffer tile

float StagedSum(const float* p, size_t n, float* tile) {
  float s = 0;
  for (size_t i = 0; i < n; i += kTileFloats) {
    const size_t m = std::min(kTileFloats, n - i);
    std::memcpy(tile, p + i, m * sizeof(float));
    s += Sum(tile, m);
  }
  return s;
}

// Seconds for `threads` threads to read their shares of x[0, n) once.
double TimeOnce(const float* x, size_t n, int threads, bool staged, float* sink) {
  std::atomic<int> ready{0};
  std::atomic<bool> go{false};
  std::vector<float> partial(static_cast<size_t>(threads));
  std::vector<std::thread> pool;
  const size_t share = (n + static_cast<size_t>(threads) - 1) / static_cast<size_t>(threads);
  auto work = [&](int t) {
    const size_t begin = std::min(n, static_cast<size_t>(t) * share);
    const size_t end = std::min(n, begin + share);
    std::vector<float> tile(staged ? kTileFloats : 0);
    partial[static_cast<size_t>(t)] =
        staged ? StagedSum(x + begin, end - begin, tile.data()) : Sum(x + begin, end - begin);
  };
  // The calling thread reads share 0 itself: a spinning extra thread would compete with the
  // readers for the cores.
  for (int t = 1; t < threads; ++t) {
    pool.emplace_back([&, t] {
      ready.fetch_add(1);
      while (!go.load(std::memory_order_acquire)) {
      }
      work(t);
    });
  }
  while (ready.load() < threads - 1) {
  }
  const auto start = std::chrono::steady_clock::now();
  go.store(true, std::memory_order_release);
  work(0);
  for (std::thread& t : pool) t.join();
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (float p : partial) *sink += p;
  return s;
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t k = v.size();
  return k % 2 ? v[k / 2] : (v[k / 2 - 1] + v[k / 2]) / 2;
}

int Usage(const char* why) {
  std::fprintf(stderr,
               "stream_read: %s\nusage: stream_read [--bytes N] [--threads 1,2] [--repeat K] "
               "[--json]\n",
               why);
  return 2;
}

int Main(int argc, char** argv) {
  size_t bytes = size_t{256} << 20;
  std::vector<int> thread_counts = {1, 2};
  int repeat = 7;
  bool json = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool has_value = i + 1 < argc;
    if (a == "--json") {
      json = true;
    } else if (a == "--bytes" && has_value) {
      bytes = std::strtoull(argv[++i], nullptr, 10);
      if (bytes < 4096 || bytes > (size_t{64} << 30)) {
        return Usage("--bytes must be between 4096 and 64 GiB");
      }
    } else if (a == "--repeat" && has_value) {
      repeat = std::atoi(argv[++i]);
      if (repeat < 1 || repeat > 1000) return Usage("--repeat must be between 1 and 1000");
    } else if (a == "--threads" && has_value) {
      thread_counts.clear();
      for (const char* p = argv[++i]; *p != '\0';) {
        char* end = nullptr;
        const long t = std::strtol(p, &end, 10);
        if (end == p || t < 1 || t > 256) return Usage("--threads wants a list like 1,2");
        thread_counts.push_back(static_cast<int>(t));
        p = *end == ',' ? end + 1 : end;
        if (*end != ',' && *end != '\0') return Usage("--threads wants a list like 1,2");
      }
    } else {
      return Usage(("unknown or incomplete argument '" + a + "'").c_str());
    }
  }
  const size_t n = bytes / sizeof(float);
  void* mem =
      mmap(nullptr, n * sizeof(float), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mem == MAP_FAILED) return Usage("cannot allocate the buffer");
  (void)madvise(mem, n * sizeof(float), MADV_HUGEPAGE);
  auto* x = static_cast<float*>(mem);
  for (size_t i = 0; i < n; ++i) x[i] = static_cast<float>(i & 7);

  float sink = 0;
  if (json) std::printf("{\"bytes\": %zu, \"results\": [", n * sizeof(float));
  bool first = true;
  for (int threads : thread_counts) {
    for (bool staged : {false, true}) {
      TimeOnce(x, n, threads, staged, &sink);  // warm-up
      std::vector<double> gbps;
      for (int r = 0; r < repeat; ++r) {
        gbps.push_back(static_cast<double>(n * sizeof(float)) / 1e9 /
                       TimeOnce(x, n, threads, staged, &sink));
      }
      const double median = Median(gbps);
      const char* what = staged ? "staged" : "read";
      if (json) {
        std::printf("%s{\"threads\": %d, \"kind\": \"%s\", \"gbps\": %.3f}", first ? "" : ", ",
                    threads, what, median);
      } else {
        std::printf("%d thread%s %-6s %7.2f GB/s\n", threads, threads == 1 ? " " : "s", what,
                    median);
      }
      first = false;
    }
  }
  if (json) std::printf("]}\n");
  munmap(mem, n * sizeof(float));
  return sink == -1.0f ? 1 : 0;  // keeps the sums observable
}

}  // namespace stream_read

int main(int argc, char** argv) { return stream_read::Main(argc, argv); }
#endif  // HWY_ONCE
