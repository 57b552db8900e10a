// The station window's entry (station.html): the same features as the
// website, over the station's platform (Go bindings, bearer token in Go).
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { installPlatform } from "@/lib/platform";
import { stationPlatform } from "@/lib/platform/station";
import { StationApp } from "./StationApp";
import "@/styles.css";
import "./station.css";

installPlatform(stationPlatform);

// As the website's (docs/design/individual.md §7): no refetch on focus, no retries; the
// session query polls on its own for the online banner.
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
    mutations: { retry: false },
  },
});

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <StationApp />
    </QueryClientProvider>
  </StrictMode>,
);
