#!/usr/bin/env bash
# Installs the Debian packages opsim builds with, if any are missing. Idempotent and quiet when
# everything is present. Nothing is downloaded from outside Debian's archive.
# `scripts/setup.sh --peers` also installs torch, the other Python peer bench/peers.py compares against.
# `scripts/setup.sh --fuzz` also installs clang-14 and its libFuzzer/sanitizer runtimes for the
# `fuzz` preset (scripts/fuzz.sh); the normal build needs neither.
set -euo pipefail

packages=(
  cmake g++ make ninja-build
  libeigen3-dev libhwy-dev libyaml-cpp-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  nlohmann-json3-dev libcli11-dev libexpat1-dev
  libonnx-dev libprotobuf-dev
  python3-numpy lld-16
)
# lld-16: the linker our build uses when it is there (CMakeLists.txt), for the build's time only.
# python3-numpy: the sample projects' own scripts (gen_data.py, verify_result.py) and the tests
# that compare with numpy run under /usr/bin/python3.
case "${1:-}" in
  --peers) packages+=(python3-torch) ;;
  --fuzz) packages+=(clang-14 libclang-rt-14-dev) ;;
esac

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "setup: installing ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "setup: need root or sudo to install ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
