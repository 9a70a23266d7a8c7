import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { DEMO_CUSTOMER_CODE } from './db/seed.ts';
import { simulatePass } from './modules/operations/journey-script.ts';

/**
 * `npm run simulate`: moves a customer's orders (the demo customer's by default) through their journey
 * with realistic timing, through the operations services, so a newcomer's portal looks alive: submitted
 * orders are weighed within minutes, go in transit, reach the destination and a last-mile carrier, and are
 * delivered; a few run into exceptions, some of which end in a return (modules/operations/journey-script.ts).
 * `--speed N` runs simulated time N times faster than real time; `--once` makes one pass and exits.
 */

const HELP = `Usage: npm run simulate -- [--speed <n>] [--once] [--customer <code>] [--interval <seconds>]

Moves the customer's submitted orders through their journey (weigh-in within minutes, transit, last mile,
delivery; a few exceptions and returns) on the database the server's configuration names (DATA_DIR or
DATABASE_URL). Leave it running beside the server, or run it once.

  --speed <n>          simulated time runs n times faster than real time (default 60: a day in 24 minutes)
  --once               one pass: do every step that is due now, print it, exit
  --customer <code>    whose orders (default the demo customer ${DEMO_CUSTOMER_CODE})
  --interval <s>       seconds between passes (default 5)
  -h, --help           this help
`;

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        speed: { type: 'string', default: '60' },
        once: { type: 'boolean', default: false },
        customer: { type: 'string', default: DEMO_CUSTOMER_CODE },
        interval: { type: 'string', default: '5' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${HELP}`);
    return 2;
  }
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const speed = Number(values.speed);
  const interval = Number(values.interval);
  if (!(speed > 0 && speed <= 1_000_000) || !(interval > 0 && interval <= 3600)) {
    console.error(
      `--speed must be a number above 0 (at most 1000000), --interval 1 to 3600 seconds\n\n${HELP}`,
    );
    return 2;
  }
  const config = loadConfig();
  const db = createDatabase(config.database, config.databaseTimeouts);
  try {
    await migrateToLatest(db);
    const customer = await db
      .selectFrom('customers')
      .select('id')
      .where('code', '=', values.customer)
      .executeTakeFirst();
    if (!customer) {
      console.error(
        `No customer ${values.customer} in this database (start the server once to seed the demo).`,
      );
      return 1;
    }
    const log = (line: string) => console.log(line);
    if (values.once) {
      const moved = await simulatePass(db, values.customer, speed, log);
      console.log(`${moved} step(s) done.`);
      return 0;
    }
    console.log(`Simulating ${values.customer}'s orders at ${speed}× (Ctrl+C stops).`);
    let stopping = false;
    const stop = () => {
      stopping = true;
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    while (!stopping) {
      await simulatePass(db, values.customer, speed, log);
      for (let waited = 0; waited < interval * 1000 && !stopping; waited += 200)
        await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return 0;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(error instanceof ConfigError ? 3 : 4);
  },
);
