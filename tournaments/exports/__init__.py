"""The standard files a tournament is exported as: FIDE's TRF16 report, CSV tables and iCalendar
feeds. Plain Python (and the ``icalendar`` package), no Django: the services assemble the data,
these modules only write (and read back) the formats (``docs/exports.md``)."""
