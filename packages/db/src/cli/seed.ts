// npm run seed -w @fund/db — migrates, then inserts the demo data unless it is there already.
import { openDatabase } from '../database.ts';
import { migrateDatabase } from '../migrate.ts';
import { demoCustomers } from '../seed/demo-customers.ts';
import { seedDemoData } from '../seed/seed-demo-data.ts';
import { databaseOptionsFromEnv } from './database-from-env.ts';

// demo customers in a production database would be real-looking accounts nobody owns
if (process.env.NODE_ENV === 'production') {
  console.error('Refusing to seed demo data with NODE_ENV=production.');
  process.exit(1);
}

const { description, ...options } = databaseOptionsFromEnv();
const handle = await openDatabase(options);
try {
  // seeding an unmigrated database can only fail, and migrating is a no-op when up to date
  await migrateDatabase(handle);
  const { seeded } = await seedDemoData(handle);
  console.log(
    seeded
      ? `Seeded demo data into ${description}.`
      : `Demo data already present in ${description}; nothing inserted.`,
  );
  console.log('Demo customers (sign-in data comes with the identity issue):');
  console.table(
    demoCustomers.map((customer) => ({
      口座番号: customer.accountNumber,
      name: customer.name,
      role: customer.role,
      demonstrates: customer.demonstrates.en,
    })),
  );
} finally {
  await handle.close();
}
