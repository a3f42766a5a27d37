// Model file sources for web/js/model/runtime.mjs in browsers: the site's
// own model folder (fetched once, kept in Cache Storage, with progress) and
// a folder or files the user picked (bring your own model).

export const CACHE_NAME = 'fruitbench-models-v1';

async function fetchWithProgress(url, onProgress) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const total = Number(response.headers.get('content-length')) || 0;
  if (!response.body || !onProgress) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const chunks = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.length;
    onProgress(loaded, total);
  }
  const bytes = new Uint8Array(loaded);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/**
 * The site's model folder at base (a URL ending in '/'), listed by entry
 * ({name, files: [{path, size, sha256?}]} of generated/models/index.json).
 * Files are read from Cache Storage when there (keyed by URL and sha256, so
 * a changed file is fetched again), else fetched and stored, replacing older
 * copies of the same URL. Cache Storage exists in secure contexts only
 * (https, localhost); elsewhere files are simply fetched.
 */
export function urlSource(base, entry, { useCache = true } = {}) {
  const listed = new Map(entry.files.map((f) => [f.path, f]));
  return {
    name: entry.name,
    list: () => [...listed.keys()],
    async read(path, onProgress) {
      const url = new URL(path, base).href;
      const info = listed.get(path) || {};
      const key = `${url}?sha256=${info.sha256 || ''}&size=${info.size ?? ''}`;
      const cache = useCache && typeof caches !== 'undefined' ? await caches.open(CACHE_NAME).catch(() => null) : null;
      if (cache) {
        const hit = await cache.match(key);
        if (hit) {
          const bytes = new Uint8Array(await hit.arrayBuffer());
          if (info.size === undefined || bytes.length === info.size) {
            onProgress?.(bytes.length, bytes.length);
            return bytes;
          }
        }
      }
      const bytes = await fetchWithProgress(url, onProgress ? (loaded, total) => onProgress(loaded, total || info.size || 0) : null);
      if (cache) {
        for (const old of await cache.keys()) {
          if (old.url.split('?')[0] === url) await cache.delete(old);
        }
        await cache.put(key, new Response(bytes, { headers: { 'content-type': 'application/octet-stream' } }))
          .catch(() => {});
      }
      return bytes;
    },
  };
}

/** Removes the cached model files. */
export async function clearModelCache() {
  if (typeof caches !== 'undefined') await caches.delete(CACHE_NAME);
}

/**
 * Files the user picked (an <input type=file webkitdirectory> FileList, or
 * several files). Paths are relative to the picked folder: the first folder
 * of webkitRelativePath is dropped, and files picked one by one are placed
 * by name (*.onnx under onnx/).
 */
export function pickedSource(fileList) {
  const files = new Map();
  let folder = '';
  for (const file of fileList) {
    const relative = file.webkitRelativePath || '';
    let path;
    if (relative) {
      const parts = relative.split('/');
      folder = folder || parts[0];
      path = parts.slice(1).join('/');
    } else {
      path = file.name.endsWith('.onnx') ? `onnx/${file.name}` : file.name;
    }
    files.set(path, file);
  }
  return {
    name: folder || 'your files',
    list: () => [...files.keys()],
    async read(path, onProgress) {
      const file = files.get(path);
      if (!file) throw new Error(`${path} is not among the files you picked`);
      const bytes = new Uint8Array(await file.arrayBuffer());
      onProgress?.(bytes.length, bytes.length);
      return bytes;
    },
  };
}
