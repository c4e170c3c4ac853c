package io.tessera.backend.jdbc;

import io.netty.channel.EventLoop;
import io.tessera.backend.ResponseHandler;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Hands a {@link JdbcConnection}'s responses from the business executor to its event loop, where the
 * {@link ResponseHandler} gets them, and holds the streaming of a result while reading is paused.
 */
final class ResponseDelivery {

    private final EventLoop loop;
    private final SerialExecutor serial;
    /** The handler of the response in progress, until it is told the end; null between commands. */
    private final AtomicReference<ResponseHandler> inFlight = new AtomicReference<>();
    private volatile int lastErrorCode;
    private boolean paused;      // event loop only
    private ResultCursor parked; // event loop only: the result that waits for resume

    ResponseDelivery(EventLoop loop, SerialExecutor serial) {
        this.loop = loop;
        this.serial = serial;
    }

    /** Starts a response to {@code handler}; false when another one is in progress. */
    boolean start(ResponseHandler handler) {
        return inFlight.compareAndSet(null, handler);
    }

    boolean inProgress() {
        return inFlight.get() != null;
    }

    /** Ends the response in progress without telling its handler; null when there is none. */
    ResponseHandler takeHandler() {
        return inFlight.getAndSet(null);
    }

    /** The error code of the last command's ERR, 0 when it succeeded. */
    int lastErrorCode() {
        return lastErrorCode;
    }

    /** On the business executor, as a command starts. */
    void clearLastErrorCode() {
        lastErrorCode = 0;
    }

    /** Hands the frames so far to the event loop; {@code cursor} goes on unless reading is paused. */
    void flush(ResponseFrames response, ResultCursor cursor) {
        ResponseFrames.Batch batch = response.take();
        loop.execute(() -> {
            ResponseHandler handler = inFlight.get();
            if (handler == null) {
                batch.release(); // closed meanwhile: the handler was told
                serial.execute(cursor::close);
                return;
            }
            batch.deliverTo(handler);
            if (paused) {
                parked = cursor;
            } else {
                serial.execute(cursor::step);
            }
        });
    }

    /** Hands the last frames to the event loop and ends the response. */
    void end(ResponseFrames response, int status) {
        if (response.errorCode() != 0) {
            lastErrorCode = response.errorCode();
        }
        ResponseFrames.Batch batch = response.take();
        loop.execute(() -> {
            ResponseHandler handler = inFlight.getAndSet(null);
            if (handler == null) {
                batch.release();
                return;
            }
            batch.deliverTo(handler);
            handler.onComplete(status);
        });
    }

    /** On the event loop at once (a handler pauses while it is given a batch), else posted to it. */
    void pause() {
        if (loop.inEventLoop()) {
            paused = true;
        } else {
            loop.execute(() -> paused = true);
        }
    }

    void resume() {
        if (loop.inEventLoop()) {
            resumeOnLoop();
        } else {
            loop.execute(this::resumeOnLoop);
        }
    }

    private void resumeOnLoop() {
        paused = false;
        ResultCursor cursor = parked;
        parked = null;
        if (cursor != null) {
            serial.execute(cursor::step);
        }
    }

    /** The connection closes: a parked result is closed, not read on. */
    void dropParked() {
        loop.execute(() -> {
            ResultCursor cursor = parked;
            parked = null;
            if (cursor != null) {
                serial.execute(cursor::close);
            }
        });
    }
}
