import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { watchConnection } from './runtime.ts';

function recordingLogger() {
  const lines: string[] = [];
  return {
    lines,
    warn: (_fields: object, message: string) => lines.push(`warn ${message}`),
    info: (_fields: object, message: string) => lines.push(`info ${message}`),
  };
}

describe('watchConnection', () => {
  it('logs one warning for a burst of reconnect errors and one line when the server is back', () => {
    const connection = new EventEmitter();
    const logger = recordingLogger();
    watchConnection(connection, logger, 'test');
    connection.emit('ready');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      connection.emit('error', new Error('connect ECONNREFUSED 127.0.0.1:6379'));
    }
    connection.emit('ready');
    connection.emit('error', new Error('Connection is closed.'));
    expect(logger.lines).toEqual([
      'warn redis unavailable',
      'info redis back',
      'warn redis unavailable',
    ]);
  });

  it('gives the connection an error listener, so an error event does not throw', () => {
    const connection = new EventEmitter();
    watchConnection(connection, recordingLogger(), 'test');
    expect(() => connection.emit('error', new Error('lost'))).not.toThrow();
  });
});
