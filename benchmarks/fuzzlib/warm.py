"""Imported by the fork server (`runner.PRELOAD`): probes the replay's sanitizer
support once there, so every liftdiff child inherits the answer instead of
compiling and running the probe again (about 1.4 s a pair)."""

from checker.replay.compiled_replay import sanitizer_flags

sanitizer_flags("gcc", undefined=True)
