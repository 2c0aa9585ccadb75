/**
 * A local OTLP/HTTP trace receiver for bench/apiOps.ts, in a process of its
 * own (its work weighs on neither the servers nor the load generator): it
 * takes what the SDK's OTLP exporter posts to /v1/traces (protobuf,
 * ExportTraceServiceRequest), answers 200 with an empty
 * ExportTraceServiceResponse as a collector does, and counts the requests,
 * their bytes and their spans (the length-delimited span records inside,
 * decoded by their wire tags: resource_spans 1 → scope_spans 2 → spans 2).
 * GET /stats answers the counts as JSON. Its port goes to the parent over IPC.
 */
import http from 'node:http';

let requests = 0;
let bytes = 0;
let spans = 0;

/** The length-delimited fields numbered `field` at the top level of `buf` (protobuf wire type 2). */
function fields(buf: Buffer, field: number): Buffer[] {
  const out: Buffer[] = [];
  let i = 0;
  const varint = () => {
    let v = 0;
    let shift = 0;
    for (;;) {
      const b = buf[i++];
      v += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return v;
      shift += 7;
    }
  };
  while (i < buf.length) {
    const tag = varint();
    const wire = tag & 7;
    if (wire === 2) {
      const len = varint();
      if (tag >>> 3 === field) out.push(buf.subarray(i, i + len));
      i += len;
    } else if (wire === 0) varint();
    else if (wire === 1) i += 8;
    else if (wire === 5) i += 4;
    else throw new Error(`wire type ${wire}`);
  }
  return out;
}

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/stats') {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ requests, bytes, spans }));
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    if (req.method !== 'POST' || req.url !== '/v1/traces' || !/protobuf/.test(req.headers['content-type'] ?? '')) {
      res.statusCode = 400;
      res.end();
      return;
    }
    requests++;
    bytes += body.length;
    for (const rs of fields(body, 1)) for (const ss of fields(rs, 2)) spans += fields(ss, 2).length;
    res.setHeader('content-type', 'application/x-protobuf');
    res.end();
  });
});
server.listen(0, '127.0.0.1', () => {
  const a = server.address();
  process.send?.({ port: typeof a === 'object' && a ? a.port : 0 });
});
process.on('message', (m) => {
  if (m === 'stop') server.close(() => process.disconnect?.());
});
