#!/usr/bin/env node
// Prints `NAME=port` lines for each name given, each port free on 127.0.0.1 right now (the kernel picks it).
// scripts/test.sh exports them so two runs on one machine never fight over the same port.
const net = require('node:net');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

(async () => {
  // Each port is released before the next is picked, so the kernel could hand one out twice: skip repeats.
  const names = process.argv.slice(2);
  const ports = [];
  while (ports.length < names.length) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  names.forEach((name, i) => process.stdout.write(`${name}=${ports[i]}\n`));
})().catch((err) => {
  process.stderr.write(`free-ports: ${err.message}\n`);
  process.exit(1);
});
