#!/usr/bin/env bash
# Builds the WebAssembly targets in build-wasm/ (installing Debian's
# Emscripten if missing) and copies what the playground serves into
# web/generated/.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

missing=()
for package in emscripten nlohmann-json3-dev catch2 nodejs; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if ((${#missing[@]})); then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo=sudo
  echo "wasm/build.sh: installing ${missing[*]}" >&2
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${missing[@]}"
fi

# emcmake's default emulator passes a flag Node 20 rejects; tests run in plain node.
emcmake cmake -S "$root" -B "$root/build-wasm" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CROSSCOMPILING_EMULATOR=/usr/bin/node >/dev/null
cmake --build "$root/build-wasm" -j"$(nproc)" "$@"

mkdir -p "$root/web/generated"
cp "$root/build-wasm/esm/fruitbench.mjs" "$root/build-wasm/esm/fruitbench.wasm" "$root/wasm/fruitbench-api.mjs" "$root/web/generated/"
node "$root/wasm/copy-models.mjs"
