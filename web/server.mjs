// A tiny static server for the fruitbench playground (no dependencies).
//
//   node web/server.mjs [PORT]        (or PORT=... node web/server.mjs)
//
// Serves the files under web/ only, on 127.0.0.1, with the headers the
// playground needs: cross-origin isolation (COOP/COEP/CORP, for
// SharedArrayBuffer and wasm threads later), a strict Content-Security-Policy
// and nosniff, on every response, errors included. If the port is taken it
// tries the next ones.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const webRoot = path.dirname(fileURLToPath(import.meta.url));

export const mimeTypes = {
  '.html': 'text/html; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.jsonl': 'application/jsonl; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
};

export const securityHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Content-Security-Policy': [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

function send(response, status, headers, body, head) {
  response.writeHead(status, { ...securityHeaders, ...headers });
  response.end(head ? undefined : body);
}

function sendError(response, status, message, head) {
  const body = `${status} ${message}\n`;
  send(response, status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  }, body, head);
}

/**
 * Maps a request path to a file under root, or null when it is not one we
 * serve (outside root, a dot-file or dot-folder, malformed).
 */
export function resolveRequestPath(root, urlPath) {
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(urlPath, 'http://localhost').pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return null;
  const segments = pathname.split('/');
  if (segments.some((s) => s === '..' || (s.startsWith('.') && s.length > 0))) return null;
  const resolved = path.resolve(root, '.' + pathname);
  if (resolved !== root && !resolved.startsWith(root + path.sep)) return null;
  return resolved;
}

function handler(root) {
  const realRoot = fs.realpathSync(root);
  return (request, response) => {
    const head = request.method === 'HEAD';
    if (request.method !== 'GET' && !head) {
      response.setHeader('Allow', 'GET, HEAD');
      sendError(response, 405, 'Method Not Allowed', head);
      return;
    }
    let file = resolveRequestPath(realRoot, request.url || '/');
    if (!file) {
      sendError(response, 404, 'Not Found', head);
      return;
    }
    fs.stat(file, (statError, stat) => {
      if (!statError && stat.isDirectory()) {
        if (!(request.url || '/').split('?')[0].endsWith('/')) {
          const location = (request.url || '/').split('?')[0] + '/';
          send(response, 301, { Location: location, 'Content-Length': 0 }, '', head);
          return;
        }
        file = path.join(file, 'index.html');
      }
      fs.realpath(file, (realError, real) => {
        // Symbolic links must not lead out of the served folder either.
        if (realError || !(real === realRoot || real.startsWith(realRoot + path.sep))) {
          sendError(response, 404, 'Not Found', head);
          return;
        }
        fs.stat(real, (error, fileStat) => {
          if (error || !fileStat.isFile()) {
            sendError(response, 404, 'Not Found', head);
            return;
          }
          const type = mimeTypes[path.extname(real).toLowerCase()] || 'application/octet-stream';
          response.writeHead(200, {
            ...securityHeaders,
            'Content-Type': type,
            'Content-Length': fileStat.size,
            'Cache-Control': 'no-cache',
          });
          if (head) {
            response.end();
            return;
          }
          const stream = fs.createReadStream(real);
          stream.on('error', () => response.destroy());
          stream.pipe(response);
        });
      });
    });
  };
}

function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    const onError = (error) => {
      server.off('listening', onListening);
      reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve(server.address().port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/**
 * Starts the server. port 0 picks a free port; otherwise, when the port is
 * taken, the next ones are tried (up to `tries` in all).
 * @returns {Promise<{server: http.Server, port: number, url: string, close: () => Promise<void>}>}
 */
export async function startServer({ port = 8080, host = '127.0.0.1', root = webRoot, tries = 20 } = {}) {
  const server = http.createServer(handler(root));
  let lastError;
  for (let attempt = 0; attempt < (port === 0 ? 1 : tries); attempt++) {
    try {
      const bound = await listen(server, port === 0 ? 0 : port + attempt, host);
      return {
        server,
        port: bound,
        url: `http://${host}:${bound}/`,
        close: () => new Promise((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections?.();
        }),
      };
    } catch (error) {
      lastError = error;
      if (error.code !== 'EADDRINUSE') throw error;
    }
  }
  throw lastError;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const requested = process.argv[2] ?? process.env.PORT ?? '8080';
  const port = Number(requested);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`web/server.mjs: bad port '${requested}'`);
    process.exit(2);
  }
  if (!fs.existsSync(path.join(webRoot, 'generated', 'fruitbench.mjs'))) {
    console.error('web/server.mjs: web/generated/fruitbench.mjs is missing; build it with: bash wasm/build.sh');
  }
  try {
    const { url } = await startServer({ port });
    console.log(`fruitbench playground: ${url}`);
  } catch (error) {
    console.error(`web/server.mjs: cannot listen: ${error.message}`);
    process.exit(1);
  }
}
