// Preloaded (node --import) into a server process an e2e test starts: moves its clock forward by
// CLOCK_OFFSET_MS, so the test can open an emailed link days after it was sent.
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
