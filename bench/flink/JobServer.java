// JobServer runs Beam's Flink job server (FlinkJobServerDriver, the same
// flags) for bench/flink.sh's local cluster, with two settings the Go SDK
// cannot send, because it sends no Java pipeline options:
//
//   - Nothing is staged with a job. By default the job server uploads its
//     whole classpath (164 jars, 154 MB) to the JobManager with every job:
//     13 s of the sample job's 46 s, measured. The local cluster's
//     TaskManagers have the same jars on their classpath already.
//   - Each TaskManager keeps its Go worker for the whole job
//     (environment_cache_millis). Beam's default, 0, stops a worker when its
//     stage ends and starts a new one for the next stage: 20 workers for the
//     sample job, each copying the 90 MB worker binary.
//
// A real cluster whose TaskManagers lack Beam's runner jars needs Beam's own
// driver instead (docs/running.md). Run with java's source-file mode:
//
//   java -cp 'lib/*' JobServer.java --flink-master=… [FlinkJobServerDriver flags]
//   (env BOOKALIGN_FLINK_ENV_CACHE_MS, default 60000: how long an idle
//   worker is kept)

import org.apache.beam.model.pipeline.v1.RunnerApi;
import org.apache.beam.runners.flink.FlinkJobInvoker;
import org.apache.beam.runners.flink.FlinkJobServerDriver;
import org.apache.beam.runners.jobsubmission.JobInvocation;
import org.apache.beam.vendor.grpc.v1p60p1.com.google.protobuf.Struct;
import org.apache.beam.vendor.grpc.v1p60p1.com.google.protobuf.Value;
import org.apache.beam.vendor.guava.v32_1_2_jre.com.google.common.util.concurrent.ListeningExecutorService;

public class JobServer {
  public static void main(String[] args) throws Exception {
    // Beam finds the files to stage by scanning java.class.path: empty, it
    // finds none. The classes are loaded already through the class loader.
    System.setProperty("java.class.path", "");
    long cacheMillis = cacheMillis(System.getenv("BOOKALIGN_FLINK_ENV_CACHE_MS"));
    FlinkJobServerDriver.FlinkServerConfiguration conf = FlinkJobServerDriver.parseArgs(args);
    FlinkJobServerDriver.fromConfig(conf, () -> new Invoker(conf, cacheMillis)).run();
  }

  static long cacheMillis(String env) {
    if (env == null || env.isEmpty()) {
      return 60_000;
    }
    long ms;
    try {
      ms = Long.parseLong(env);
    } catch (NumberFormatException e) {
      ms = -1;
    }
    if (ms < 0 || ms > 86_400_000) {
      throw new IllegalArgumentException(
          "BOOKALIGN_FLINK_ENV_CACHE_MS=" + env + ": want a whole number of milliseconds from 0 to 86400000");
    }
    return ms;
  }

  /** Invoker adds environment_cache_millis to each job's pipeline options. */
  static class Invoker extends FlinkJobInvoker {
    private final long cacheMillis;

    Invoker(FlinkJobServerDriver.FlinkServerConfiguration conf, long cacheMillis) {
      super(conf);
      this.cacheMillis = cacheMillis;
    }

    @Override
    protected JobInvocation invokeWithExecutor(
        RunnerApi.Pipeline pipeline,
        Struct options,
        String retrievalToken,
        ListeningExecutorService executor) {
      Struct withCache =
          options.toBuilder()
              .putFields(
                  "beam:option:environment_cache_millis:v1",
                  Value.newBuilder().setNumberValue(cacheMillis).build())
              .build();
      return super.invokeWithExecutor(pipeline, withCache, retrievalToken, executor);
    }
  }
}
