"""Asks a cluster for its metadata or a topic's configs with confluent-kafka's AdminClient
(librdkafka) and prints the answer as one JSON document on stdout.

Reads one JSON object on stdin: {"config": {librdkafka settings}, "action": "metadata"}
or {"config": {...}, "action": "describe-configs", "topic": "name"}. Settings come on stdin so that
passwords never show up in a process listing. Any client error exits 1 with the error on stderr.
Written for the confluent-kafka 1.7 API that Debian 12 ships (list_topics, describe_configs).
"""
import json
import os
import sys

from confluent_kafka import KafkaException
from confluent_kafka.admin import AdminClient, ConfigResource

TIMEOUT_S = 10


def fail_on_client_error(err):
    # librdkafka reports authentication and TLS failures through error_cb, not as exceptions from
    # list_topics (which would only time out). An exception raised here does not stop the call,
    # so leave at once.
    sys.stderr.write("client error: %s (%s)\n" % (err.str(), err.name()))
    sys.stderr.flush()
    os._exit(1)


def list_topics(admin):
    # Short attempts with poll() between them, so that error_cb sees an authentication or TLS
    # failure within a second instead of after the whole timeout.
    attempts = TIMEOUT_S
    for attempt in range(attempts):
        try:
            return admin.list_topics(timeout=1)
        except KafkaException:
            admin.poll(0)
            if attempt == attempts - 1:
                raise
    raise AssertionError("unreachable")


def metadata(admin):
    md = list_topics(admin)
    return {
        "cluster_id": md.cluster_id,
        "controller_id": md.controller_id,
        "orig_broker_id": md.orig_broker_id,
        "brokers": sorted(({"id": b.id, "host": b.host, "port": b.port} for b in md.brokers.values()), key=lambda b: b["id"]),
        "topics": {
            name: {
                "error": None if t.error is None else t.error.code(),
                "partitions": {
                    str(p.id): {"leader": p.leader, "replicas": list(p.replicas), "isrs": list(p.isrs)}
                    for p in t.partitions.values()
                },
            }
            for name, t in md.topics.items()
        },
    }


def describe_topic_configs(admin, topic):
    futures = admin.describe_configs([ConfigResource("topic", topic)], request_timeout=TIMEOUT_S)
    out = {}
    for future in futures.values():
        for name, entry in future.result(timeout=TIMEOUT_S).items():
            out[name] = {
                "value": entry.value,
                "source": entry.source,
                "is_read_only": entry.is_read_only,
                "is_default": entry.is_default,
                "is_sensitive": entry.is_sensitive,
            }
    return out


def main():
    request = json.load(sys.stdin)
    config = dict(request["config"])
    config["error_cb"] = fail_on_client_error
    admin = AdminClient(config)
    try:
        if request["action"] == "metadata":
            result = metadata(admin)
        elif request["action"] == "describe-configs":
            result = describe_topic_configs(admin, request["topic"])
        else:
            raise SystemExit("unknown action %r" % request["action"])
    except KafkaException as err:
        sys.stderr.write("kafka exception: %s\n" % err)
        sys.exit(1)
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
