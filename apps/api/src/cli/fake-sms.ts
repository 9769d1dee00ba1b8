import { runThroughServer, stop } from './through-server';

type Sent = { mobile: string; text: string; at: string }[];

/**
 * npm run sms:fake [mobile] — what the demo's built-in fake SMS provider would have sent since the
 * running server started (a parent's sign-in code, say), newest last. Only the running server knows:
 * the fake provider keeps them in its memory.
 */
const mobile = process.argv[2];
runThroughServer<Sent>({
  name: 'fake-sms',
  input: mobile ? { mobile } : {},
  readOnly: true,
  direct: async () => stop('No server is running: start it with "npm start"; the fake SMS live in its memory.'),
  print(sent) {
    if (!sent.length) console.log(mobile ? `Nothing sent to ${mobile}.` : 'Nothing sent yet.');
    for (const m of sent) console.log(`${m.at}  ${m.mobile}\n${m.text}\n`);
  },
}).catch((err) => {
  console.error(err);
  process.exit(1);
});
