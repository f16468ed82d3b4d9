// A lean HTTP/1.1 client for load generation: keep-alive TCP connections, one request in flight on
// each, the request written in one call and the response read by its Content-Length. It shares the
// machine's two cores with the server under test, so it does as little as a client can: Node's
// http.Agent cost about 0.2 ms of CPU a request, more than a tenth of what it measured.
import net from 'node:net';

const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length: *(\d+)/i;

/** A POST of a JSON body as this client writes it; `headers` are extra header lines, each ending in \r\n. */
export function requestText(host, path, headers, body) {
  return (
    `POST ${path} HTTP/1.1\r\nhost: ${host}\r\ncontent-type: application/json\r\n` +
    `content-length: ${Buffer.byteLength(body)}\r\n${headers}\r\n${body}`
  );
}

/**
 * @param {string} origin e.g. http://127.0.0.1:3000
 * @param {{ maxConnections?: number }} [options]
 */
export function keepAliveClient(origin, { maxConnections = 256 } = {}) {
  const { hostname, port, host } = new URL(origin);
  const idle = [];
  const waiting = [];
  const all = new Set();

  function connect() {
    const connection = {
      socket: net.connect({ host: hostname, port: Number(port), noDelay: true }),
      current: null,
      buffer: null,
    };
    connection.socket.on('data', (chunk) => onData(connection, chunk));
    connection.socket.on('error', () => undefined);
    connection.socket.on('close', () => {
      all.delete(connection);
      const at = idle.indexOf(connection);
      if (at >= 0) idle.splice(at, 1);
      connection.current?.reject(new Error('connection closed'));
      connection.current = null;
      // Requests queued for a free connection get a new one.
      const next = waiting.shift();
      if (next) send(connect(), next);
    });
    all.add(connection);
    return connection;
  }

  function onData(connection, chunk) {
    const buffer = connection.buffer ? Buffer.concat([connection.buffer, chunk]) : chunk;
    connection.buffer = buffer;
    const headerEnd = buffer.indexOf(HEADER_END);
    if (headerEnd < 0) return;
    const head = buffer.toString('latin1', 0, headerEnd);
    const length = CONTENT_LENGTH.exec(head);
    const request = connection.current;
    if (!length || !request) {
      connection.socket.destroy(new Error('response without Content-Length or request'));
      return;
    }
    const end = headerEnd + HEADER_END.length + Number(length[1]);
    if (buffer.length < end) return;
    connection.buffer = buffer.length > end ? buffer.subarray(end) : null;
    connection.current = null;
    const next = waiting.shift();
    if (next) send(connection, next);
    else idle.push(connection);
    request.resolve({ status: Number(head.slice(9, 12)), text: buffer.toString('utf8', headerEnd + 4, end) });
  }

  function send(connection, request) {
    connection.current = request;
    connection.socket.write(request.payload);
  }

  return {
    /** POSTs a JSON body; `headers` are extra header lines, each ending in \r\n. */
    post(path, headers, body) {
      return new Promise((resolve, reject) => {
        const request = { payload: requestText(host, path, headers, body), resolve, reject };
        const connection = idle.pop() ?? (all.size < maxConnections ? connect() : undefined);
        if (connection) send(connection, request);
        else waiting.push(request);
      });
    },
    close() {
      for (const connection of all) connection.socket.destroy();
    },
  };
}
