// Preloaded (node --import) into a server or worker process a test starts: moves its clock by
// CLOCK_OFFSET_MS (back when negative), so an e2e test can open an emailed link days after it was
// sent, and a worker can run with a clock behind everyone else's.
const offset = Number(process.env.CLOCK_OFFSET_MS ?? 0);
const RealDate = Date;

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
