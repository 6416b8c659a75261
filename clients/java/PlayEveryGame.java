// `make clients`: play a whole hand of every game in the catalog through the Java client that
// openapi-generator (`java`, library `native`, Jackson) generates from openapi.yaml, against a live
// server. Usage: java -cp <client classes and jars> PlayEveryGame http://127.0.0.1:<port>
//
// As an integrator would: only the generated client (org.trickref.client) and its models. Each
// game has its own types (BlobDealRequest, BalootView...), so the loop finds them by name, the way
// tests/contract/client_play.py does for the Python client; the calls and the values are typed.
// Each step sends back one of the view's own legal actions: the first, or while calling the first
// that is not a pass (four passes twice over deal again); a deal passed out is dealt again. The
// first action is also played for the mover's own view (a relay's request): no record comes back.

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.trickref.client.ApiClient;
import org.trickref.client.ApiException;
import org.trickref.client.api.GamesApi;
import org.trickref.client.model.Game;
import org.trickref.client.model.GameList;

public final class PlayEveryGame {
    private static final String MODEL = "org.trickref.client.model.";
    private static final String API = "org.trickref.client.api.";
    private static final int MAX_ACTIONS = 400;

    private final ApiClient client;
    private final ObjectMapper mapper;
    /** The operations called per game: every operation of every game must be among them. */
    private final java.util.Map<String, java.util.Set<String>> called = new java.util.TreeMap<>();

    private PlayEveryGame(String base) {
        client = new ApiClient();
        client.updateBaseUri(base);
        mapper = client.getObjectMapper();
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: PlayEveryGame http://127.0.0.1:<port>");
            System.exit(2);
        }
        PlayEveryGame player = new PlayEveryGame(args[0]);
        List<Game> games = ((GameList) invoke(new GamesApi(player.client), "listGames")).getGames();
        List<String> ids = new ArrayList<>();
        for (Game game : games) {
            ids.add(game.getId());
        }
        String[] expected = {"blob", "nomination-whist", "oh-hell", "bazar-blot", "blot-duel", "baloot"};
        for (String id : expected) {
            if (!ids.contains(id)) {
                throw new AssertionError("the catalog lacks " + id + ": " + ids);
            }
        }
        JsonNode examples = new ObjectMapper().readTree(new java.io.File("schemas/examples.json")).get("games");
        for (String id : ids) {
            player.describeAndName(id);
            player.playHand(id, 7L);
            player.trickOperations(id, examples.get(id));
        }
        player.seedPastInt32();
        player.gahwaParses();
        System.out.println("java client: played a whole hand of " + ids.size() + " games");
        for (String id : ids) {
            java.util.Set<String> all = player.operations(id);
            java.util.Set<String> done = player.called.getOrDefault(id, new java.util.TreeSet<>());
            if (!done.containsAll(all)) {
                throw new AssertionError(id + ": operations not called: " + all + " - " + done);
            }
            System.out.println("java client: " + id + " called all " + all.size() + " operations " + done);
        }
    }

    /** `nomination-whist` -> `NominationWhist`: the prefix of the game's types. */
    private static String typeName(String id) {
        StringBuilder out = new StringBuilder();
        for (String part : id.split("-")) {
            out.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
        }
        return out.toString();
    }

    private static Class<?> model(String id, String name) throws ClassNotFoundException {
        return Class.forName(MODEL + typeName(id) + name);
    }

    /** Call `<game><Verb>(body, headers...)` on the game's generated API class. */
    private Object call(String id, String verb, Object body) throws Exception {
        Class<?> api = Class.forName(API + typeName(id) + "Api");
        String prefix = typeName(id);
        String name = Character.toLowerCase(prefix.charAt(0)) + prefix.substring(1) + verb;
        Object instance = api.getConstructor(ApiClient.class).newInstance(client);
        called.computeIfAbsent(id, k -> new java.util.TreeSet<>()).add(verb);
        try {
            return body == null ? invoke(instance, name) : invoke(instance, name, body);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof ApiException api_) {
                throw new AssertionError(id + " " + verb + ": " + api_.getCode() + " " + api_.getResponseBody(), api_);
            }
            throw e;
        }
    }

    /**
     * Call `name(leading..., optional headers...)`: the operation's optional header parameters
     * (X-Request-ID, Accept-Language, Trickref-Table-Key...) are all Strings after its body, and
     * the contract may add one without breaking this client, so they are found, not listed.
     */
    private static Object invoke(Object instance, String name, Object... leading) throws Exception {
        for (Method method : instance.getClass().getMethods()) {
            Class<?>[] types = method.getParameterTypes();
            if (!method.getName().equals(name) || types.length < leading.length) {
                continue;
            }
            boolean fits = true;
            for (int i = 0; i < types.length && fits; i++) {
                fits = i < leading.length ? types[i].isInstance(leading[i]) : types[i] == String.class;
            }
            if (fits) {
                Object[] args = new Object[types.length];
                System.arraycopy(leading, 0, args, 0, leading.length);
                return method.invoke(instance, args);
            }
        }
        throw new NoSuchMethodException(instance.getClass().getSimpleName() + "." + name);
    }

    private static Object get(Object value, String property) throws Exception {
        String getter = "get" + Character.toUpperCase(property.charAt(0)) + property.substring(1);
        return value.getClass().getMethod(getter).invoke(value);
    }

    /** One model as another of the same game (a dealt hand as a state request): via its JSON. */
    private Object as(Object value, String id, String name) throws Exception {
        return mapper.convertValue(mapper.valueToTree(value), model(id, name));
    }

    private Object deal(String id, long seed) throws Exception {
        Object request = model(id, "DealRequest").getConstructor().newInstance();
        request.getClass().getMethod("seed", Long.class).invoke(request, seed); // int64: a Long
        Object dealt = call(id, "DealHand", request);
        if (!Long.valueOf(seed).equals(get(dealt, "seed"))) {
            throw new AssertionError(id + ": dealt with seed " + get(dealt, "seed") + ", asked " + seed);
        }
        return get(dealt, "hand");
    }

    private Object state(String id, Object hand) throws Exception {
        return call(id, "GetHandState", as(hand, id, "StateRequest"));
    }

    private static String phase(Object view) throws Exception {
        return String.valueOf(get(get(view, "phase"), "value"));
    }

    private Object choose(Object view) throws Exception {
        List<?> legal = (List<?>) get(view, "legalActions");
        if (legal.isEmpty()) {
            throw new AssertionError("no legal action in phase " + phase(view));
        }
        if (phase(view).equals("calling")) {
            for (Object action : legal) {
                if (!describe(action).equals("PassAction")) {
                    return action;
                }
            }
        }
        return legal.get(0);
    }

    private static String describe(Object action) throws Exception {
        Object actual = get(action, "actualInstance");
        return actual.getClass().getSimpleName();
    }

    private void playHand(String id, long seed) throws Exception {
        Object hand = deal(id, seed);
        Object view = state(id, hand);
        int played = 0;
        int deals = 1;
        String viewed = "";
        StringBuilder kinds = new StringBuilder();
        while (!phase(view).equals("complete")) {
            if (phase(view).equals("redeal")) {
                seed += 1;
                deals += 1;
                hand = deal(id, seed);
                view = state(id, hand);
                continue;
            }
            if (played++ > MAX_ACTIONS) {
                throw new AssertionError(id + ": no end after " + MAX_ACTIONS + " actions");
            }
            Object action = played == 1 ? suggest(id, hand, (Integer) get(view, "toAct")) : choose(view);
            if (played <= 6) {
                kinds.append(describe(action)).append(' ');
            }
            Object request = model(id, "PlayRequest").getConstructor().newInstance();
            Class<?> record = model(id, "HandRecordClosed"); // the record a request sends
            request.getClass().getMethod("hand", record).invoke(request, as(hand, id, "HandRecordClosed"));
            request.getClass().getMethod("action", action.getClass()).invoke(request, action);
            if (played == 1) {
                viewed = seatView(id, request, action);
            }
            Object result = call(id, "PlayAction", request);
            hand = get(result, "hand");
            view = get(result, "state");
        }
        Object scoreRequest = model(id, "ScoreRequest")
                .getConstructor(model(id, "ScoreHandRequest"))
                .newInstance(as(new HandOnly(hand), id, "ScoreHandRequest"));
        Object score = call(id, "ScoreHand", scoreRequest);
        // built in code, as a client writes a request (a oneOf of two objects, hand or summary)
        Object entry = model(id, "HandEntry").getConstructor().newInstance();
        entry.getClass().getMethod("hand", model(id, "HandRecordClosed")).invoke(entry, as(hand, id, "HandRecordClosed"));
        Object matchHand = model(id, "MatchHand").getConstructor(entry.getClass()).newInstance(entry);
        Object matchRequest = model(id, "MatchRequest").getConstructor().newInstance();
        matchRequest.getClass().getMethod("addHandsItem", matchHand.getClass()).invoke(matchRequest, matchHand);
        Object match = call(id, "ScoreMatch", matchRequest);
        if (((List<?>) get(match, "totals")).size() != ((List<?>) get(score, "scores")).size()) {
            throw new AssertionError(id + ": the match's totals do not match the hand's scores");
        }
        System.out.printf("%-17s %3d actions (%d deal%s, first: %s...) scores %s; the first also for %s's"
                + " view: no record%n", id, played, deals, deals == 1 ? "" : "s", kinds.toString().trim(),
                get(score, "scores"), viewed);
    }

    /** The same play for the mover's own view, as a relay sends it: the answer is the action as
     * recorded and that seat's state, and no record (which holds every hand). */
    private String seatView(String id, Object request, Object action) throws Exception {
        Object seat = get(get(action, "actualInstance"), "seat");
        Object mine = mapper.convertValue(mapper.valueToTree(request), request.getClass());
        mine.getClass().getMethod("seat", Integer.class).invoke(mine, seat);
        Object result = call(id, "PlayAction", mine);
        if (get(result, "hand") != null || get(result, "action") == null) {
            throw new AssertionError(id + ": a play for seat " + seat + "'s view answers a record");
        }
        List<?> hands = (List<?>) get(get(result, "state"), "hands");
        for (int other = 0; other < hands.size(); other++) {
            if (other != (Integer) seat && hands.get(other) != null) {
                throw new AssertionError(id + ": seat " + seat + " sees seat " + other + "'s hand");
            }
        }
        return "seat " + seat;
    }

    /** The game's operations: the methods of its generated API class (without the HTTP-info twins). */
    private java.util.Set<String> operations(String id) throws Exception {
        String prefix = typeName(id);
        String lower = Character.toLowerCase(prefix.charAt(0)) + prefix.substring(1);
        java.util.Set<String> out = new java.util.TreeSet<>();
        for (Method method : Class.forName(API + prefix + "Api").getDeclaredMethods()) {
            String name = method.getName();
            if (java.lang.reflect.Modifier.isPublic(method.getModifiers()) && name.startsWith(lower)
                    && !name.endsWith("WithHttpInfo")) {
                out.add(name.substring(lower.length()));
            }
        }
        return out;
    }

    /** A bot's action for the seat to act: level and seed left to their defaults. */
    private Object suggest(String id, Object hand, Integer seat) throws Exception {
        Object request = model(id, "SuggestRequest").getConstructor().newInstance();
        request.getClass().getMethod("hand", model(id, "HandRecordClosed")).invoke(request, as(hand, id, "HandRecordClosed"));
        request.getClass().getMethod("seat", Integer.class).invoke(request, seat);
        Object suggestion = call(id, "SuggestAction", request);
        return get(suggestion, "action");
    }

    /** The catalog entry and the words of the game, each parsed into its type. */
    private void describeAndName(String id) throws Exception {
        Object game = call(id, "DescribeGame", null);
        if (!id.equals(get(game, "id"))) {
            throw new AssertionError(id + ": described as " + get(game, "id"));
        }
        Object words = call(id, "GetGlossary", null);
        java.util.Map<?, ?> suits = (java.util.Map<?, ?>) get(words, "suits");
        if (!suits.keySet().equals(java.util.Set.of("S", "H", "D", "C"))) {
            throw new AssertionError(id + ": the glossary's suits are " + suits.keySet());
        }
    }

    /** A trick's winner and the legal cards, with the requests of the contract's examples. */
    private void trickOperations(String id, JsonNode examples) throws Exception {
        Object won = call(id, "FindTrickWinner", mapper.convertValue(
                examples.get("tricks_winner").get("request"), model(id, "TrickWinnerRequest")));
        Object legal = call(id, "ListLegalCards", mapper.convertValue(
                examples.get("tricks_legal").get("request"), model(id, "TrickLegalRequest")));
        System.out.printf("%-17s trick won by seat %s; legal %s%n", id, get(won, "winner"), get(legal, "legal"));
    }

    /** The body of a score request: the complete hand. */
    public static final class HandOnly {
        public final Object hand;

        HandOnly(Object hand) {
            this.hand = hand;
        }
    }

    /** A seed past 2^31 (a server-chosen one has 53 bits) comes back whole. */
    private void seedPastInt32() throws Exception {
        long seed = (1L << 53) - 1;
        deal("blob", seed);
        Object dealt = call("blob", "DealHand", model("blob", "DealRequest").getConstructor().newInstance());
        long chosen = (Long) get(dealt, "seed");
        System.out.println("seeds: 2^53-1 dealt; a server-chosen seed read whole: " + chosen);
    }

    /** Baloot's doubling level parses both ways: an integer, and "gahwa". */
    private void gahwaParses() throws Exception {
        for (String text : new String[] {"2", "\"gahwa\""}) {
            String json = "{\"seat\": 1, \"mode\": \"hokum\", \"strain\": \"S\", \"double\": " + text + "}";
            Object contract = mapper.readValue(json, Class.forName(MODEL + "Contract"));
            Object level = get(get(contract, "double"), "actualInstance");
            JsonNode back = mapper.valueToTree(contract).get("double");
            if (!back.toString().equals(text)) {
                throw new AssertionError("double " + text + " came back as " + back);
            }
            System.out.println("baloot double " + text + " parses as " + level.getClass().getSimpleName());
        }
    }
}
