// A lean WebSocket client for load generation (RFC 6455: the upgrade handshake with its accept check,
// masked client frames, answers to pings). Ten thousand `ws` clients in one process cost about as much
// CPU as the server they measure on these two cores; this one reads each frame with a few byte reads.
import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const OPCODE = { text: 0x1, close: 0x8, ping: 0x9, pong: 0xa };

/** A masked client frame (clients must mask every frame they send). */
function clientFrame(opcode, payload) {
  if (payload.length > 125) throw new Error('control and hello frames stay under 126 bytes');
  const mask = randomBytes(4);
  const frame = Buffer.alloc(6 + payload.length);
  frame[0] = 0x80 | opcode;
  frame[1] = 0x80 | payload.length;
  mask.copy(frame, 2);
  for (let i = 0; i < payload.length; i += 1) frame[6 + i] = payload[i] ^ mask[i % 4];
  return frame;
}

/**
 * Opens a WebSocket to `url` (ws://host:port/path) with `headers`, and calls `onText(text)` for every
 * text frame. Resolves with { send(text), close() } once the server has accepted the upgrade.
 */
export function connectLean(url, headers, onText) {
  const { hostname, port, pathname, host } = new URL(url);
  const key = randomBytes(16).toString('base64');
  const accept = createHash('sha1')
    .update(key + GUID)
    .digest('base64');
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port), noDelay: true });
    let buffer = null;
    let upgraded = false;
    const api = {
      send: (text) => socket.write(clientFrame(OPCODE.text, Buffer.from(text))),
      close: () => socket.destroy(),
    };
    socket.on('error', reject);
    socket.on('connect', () => {
      const extra = Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.write(
        `GET ${pathname} HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n${extra}\r\n`,
      );
    });
    socket.on('data', (chunk) => {
      buffer = buffer ? Buffer.concat([buffer, chunk]) : chunk;
      let at = 0;
      if (!upgraded) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffer.toString('latin1', 0, end);
        if (!head.startsWith('HTTP/1.1 101') || !head.includes(`Sec-WebSocket-Accept: ${accept}`)) {
          socket.destroy();
          reject(new Error(`upgrade refused: ${head.split('\r\n')[0]}`));
          return;
        }
        upgraded = true;
        at = end + 4;
        resolve(api);
      }
      while (buffer.length - at >= 2) {
        const opcode = buffer[at] & 0x0f;
        let length = buffer[at + 1] & 0x7f;
        let header = 2;
        if (length === 126) {
          if (buffer.length - at < 4) break;
          length = buffer.readUInt16BE(at + 2);
          header = 4;
        } else if (length === 127) {
          if (buffer.length - at < 10) break;
          length = Number(buffer.readBigUInt64BE(at + 2));
          header = 10;
        }
        if (buffer.length - at < header + length) break;
        const start = at + header;
        if (opcode === OPCODE.text) onText(buffer.toString('latin1', start, start + length));
        else if (opcode === OPCODE.ping) socket.write(clientFrame(OPCODE.pong, buffer.subarray(start, start + length)));
        else if (opcode === OPCODE.close) socket.end();
        at = start + length;
      }
      buffer = at < buffer.length ? buffer.subarray(at) : null;
    });
  });
}
