// `npm run db:seed`: the demo data into DATABASE_URL (never with NODE_ENV=production).
import { loadConfig } from "../server/src/config.ts";
import { loadDataKey } from "../server/src/crypto/dataKey.ts";
import { openDatabase } from "../server/src/db/client.ts";
import { seedDemoData } from "./demo.ts";

const config = loadConfig();
if (config.production) {
  console.error("db:seed: demo data is never seeded with NODE_ENV=production");
  process.exit(1);
}
const db = await openDatabase(config.databaseUrl);
const seeded = await seedDemoData(db.prisma, { dataKey: loadDataKey(config) });
console.log(seeded ? "Demodaten angelegt" : "Demodaten sind schon vorhanden");
await db.close();
