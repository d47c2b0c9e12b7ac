// The kafkajs 2.2.4 modules kafkajs-transport.ts reaches by path ship no types; their shapes are
// declared where they are used.
declare module 'kafkajs/src/network/connection.js' {
  const connection: unknown;
  export default connection;
}
declare module 'kafkajs/src/loggers/index.js' {
  const loggers: unknown;
  export default loggers;
}
declare module 'kafkajs/src/protocol/encoder.js' {
  const encoder: unknown;
  export default encoder;
}
