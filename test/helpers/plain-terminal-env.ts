// Imported before @oclif/core: its colour library (ansis) decides once, at import, from the
// environment, and CI=true (as .ci/run sets it) turns colour on. A spawned kmirror gets NO_COLOR
// from testEnv; the in-process runner must see the same before the library is first loaded.
process.env.NO_COLOR = '1';
