// Placeholder entry point for `npm start`.
// The game server and the board UI are not built yet.
const lines = [
  'Mint Imperium: the board and the game server are not built yet.',
  '',
  '  npm run simulate   play bot-vs-bot games of the rules engine in the terminal',
  '  npm test           run the test suite',
  '',
];
console.log(lines.join('\n'));
process.exitCode = 0;
