"""Produces records and reads them back by partition assignment, as an application does with
confluent-kafka's Producer and a Consumer that assign()s partitions (no group membership).

Reads one JSON object on stdin: {"config": {librdkafka settings}, "topic": name, "partition": n,
"produce": [value, ...], "idempotent": bool, "read": count, "from": offset}. Produces the values
(if any), waits for every delivery report, then reads `read` records from offset `from` and prints
{"delivered": [[offset, error name or null], ...], "consumed": [[offset, value], ...]}.
Any client error exits 1 with it on stderr. Written for the confluent-kafka 1.7 API that Debian 12 ships.
"""
from confluent_kafka import Producer

from probe_common import flush_all, read_assigned, run_probe


def produce(settings, request):
    delivered = []

    def report(err, msg):
        delivered.append([msg.offset() if err is None else -1, err.name() if err is not None else None])

    config = dict(settings)
    config["enable.idempotence"] = bool(request.get("idempotent", False))
    producer = Producer(config)
    for value in request["produce"]:
        producer.produce(request["topic"], value=value.encode("utf-8"), partition=request["partition"], on_delivery=report)
    flush_all(producer)
    return delivered


def main(request):
    settings = dict(request["config"])
    delivered = produce(settings, request) if request["produce"] else []
    consumed = read_assigned(settings, request, {"group.id": "records-probe"}) if request["read"] > 0 else []
    return {"delivered": delivered, "consumed": consumed}


if __name__ == "__main__":
    run_probe(main)
