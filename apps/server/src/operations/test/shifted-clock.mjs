// Test harness, preloaded with `--import` into the processes of the production smoke test only: the
// process's clock starts at SHIFTED_CLOCK_START and runs on in real time, so the server, the batch and
// the feed import of one test agree on a chosen business day (the batch refuses a date after today in
// production, and a buy's 約定日 follows the calendar). Nothing of the product reads this variable.
const start = process.env.SHIFTED_CLOCK_START;
if (start !== undefined && start !== '') {
  const RealDate = Date;
  const offset = RealDate.parse(start) - RealDate.now();
  if (Number.isNaN(offset)) throw new Error(`SHIFTED_CLOCK_START is not a date: ${start}`);
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate;
}
