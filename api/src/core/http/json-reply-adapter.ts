import { StreamableFile } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';

/**
 * Express's adapter with a shorter path for the API's usual answer, a JSON object or array: one
 * JSON.stringify and one res.end, as node:http would do it. Express's res.json → res.send re-reads app
 * settings, parses and re-formats the Content-Type, checks freshness and copies bodies over 1000 characters
 * into a Buffer (then written with writev); for a no-store JSON answer none of that changes the bytes sent
 * except the Content-Length, which node sets for a string body. Everything else (files, strings, empty
 * answers, a type set by the handler) takes Express's path.
 */
export class JsonReplyAdapter extends ExpressAdapter {
  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (body === null || typeof body !== 'object' || body instanceof StreamableFile || Buffer.isBuffer(body) || response.hasHeader('content-type')) {
      return super.reply(response, body, statusCode);
    }
    if (statusCode) response.statusCode = statusCode;
    const json = JSON.stringify(body);
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    response.setHeader('Content-Length', Buffer.byteLength(json));
    return response.end(json);
  }
}
