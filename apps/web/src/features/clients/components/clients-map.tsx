import 'leaflet/dist/leaflet.css';
import { can, type FillColor, POLICIES } from '@atrium/contracts';
import { Alert, Stack, useMantineTheme } from '@mantine/core';
import { IconInfoCircle, IconMapOff } from '@tabler/icons-react';
import { latLng, latLngBounds } from 'leaflet';
import { Fragment, useMemo, useState } from 'react';
import { Circle, CircleMarker, MapContainer, TileLayer, Tooltip } from 'react-leaflet';
import type { MapInfo } from '@/features/clients/api/types';
import { useSession } from '@/shared/api/session';
import { useTranslation } from '@/shared/i18n/use-translation';
import classes from './clients-map.module.css';
import { FILL_COLOR_THEME } from './fill-color';
import { radiusLabel } from './radius';

export type MapPlace = {
  id: string;
  title: string;
  latitude: number | null;
  longitude: number | null;
  radius?: number | null;
};

type Props = {
  client: MapPlace & { fillColor: FillColor | null };
  locations: MapPlace[];
  info: MapInfo;
};

const located = <T extends MapPlace>(p: T): p is T & { latitude: number; longitude: number } =>
  p.latitude !== null && p.longitude !== null;

/** Denmark, for a client with no coordinates at all. */
const FALLBACK_CENTER: [number, number] = [56.0, 10.5];

/**
 * The client and its locations on a Leaflet map, each location with its radius circle. The tiles come
 * from the server's MAP_TILE_URL; with none, or when they fail to load, the map says so and still draws
 * the markers and circles on a blank background. Loaded only with the locations page (its own chunk).
 */
export default function ClientsMap({ client, locations, info }: Props) {
  const { t } = useTranslation();
  const session = useSession();
  const theme = useMantineTheme();
  const [tilesFailed, setTilesFailed] = useState(false);
  const colour = theme.colors[client.fillColor ? FILL_COLOR_THEME[client.fillColor] : 'blue']![7]!;
  const places = useMemo(() => locations.filter(located), [locations]);
  const clientPlace = located(client) ? client : null;

  const bounds = useMemo(() => {
    const points: [number, number][] = places.map((p) => [p.latitude, p.longitude]);
    if (clientPlace) points.push([clientPlace.latitude, clientPlace.longitude]);
    if (points.length === 0) return null;
    const b = latLngBounds(points);
    // Radius circles reach beyond their centres: the view takes in each whole circle.
    for (const p of places) if (p.radius) b.extend(latLng(p.latitude, p.longitude).toBounds(p.radius * 2));
    return b;
  }, [places, clientPlace]);
  const fitKey = places.map((p) => `${p.id}:${p.latitude}:${p.longitude}:${p.radius ?? ''}`).join('|');

  return (
    <Stack gap="xs">
      {!info.tileUrl && (
        <Alert variant="light" color="gray" icon={<IconMapOff size={18} />} title={t('clients.map.noTiles')}>
          {/* Only an operator can set the server's tile address; everyone else is told what the map lacks. */}
          {can(session.status === 'authenticated' ? session.user : null, POLICIES.superadmins)
            ? t('clients.map.noTilesTextOperator')
            : t('clients.map.noTilesText')}
        </Alert>
      )}
      {info.tileUrl && tilesFailed && (
        <Alert
          variant="light"
          color="yellow"
          icon={<IconInfoCircle size={18} />}
          title={t('clients.map.tilesFailed')}
          role="status"
        >
          {t('clients.map.tilesFailedText')}
        </Alert>
      )}
      {!bounds && (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
          {t('clients.map.noCoordinates')}
        </Alert>
      )}
      <section aria-label={t('clients.map.label', { title: client.title })}>
        <MapContainer
          // The view is fitted once, when the map is made: a new set of places makes a new map.
          key={fitKey}
          className={classes.map}
          // Without a tile layer Leaflet knows no zoom limit, and fitting one point would zoom without end.
          minZoom={3}
          maxZoom={18}
          {...(bounds ? { bounds, boundsOptions: { padding: [24, 24] } } : { center: FALLBACK_CENTER, zoom: 6 })}
          scrollWheelZoom={false}
          attributionControl={!!info.tileUrl}
        >
          {info.tileUrl && (
            <TileLayer
              url={info.tileUrl}
              attribution={info.tileAttribution ?? undefined}
              eventHandlers={{ tileerror: () => setTilesFailed(true) }}
            />
          )}
          {places.map((p) => (
            <Fragment key={p.id}>
              {p.radius ? (
                <Circle
                  center={[p.latitude, p.longitude]}
                  radius={p.radius}
                  pathOptions={{ color: colour, weight: 1, fillOpacity: 0.12 }}
                />
              ) : null}
              <CircleMarker
                center={[p.latitude, p.longitude]}
                radius={6}
                pathOptions={{ color: colour, fillOpacity: 0.9 }}
              >
                <Tooltip>
                  {p.title}
                  {p.radius ? ` · ${radiusLabel(t, p.radius)}` : ''}
                </Tooltip>
              </CircleMarker>
            </Fragment>
          ))}
          {clientPlace && (
            <CircleMarker
              center={[clientPlace.latitude, clientPlace.longitude]}
              radius={9}
              pathOptions={{ color: theme.colors.dark[7], weight: 2, fillColor: colour, fillOpacity: 1 }}
            >
              <Tooltip>{client.title}</Tooltip>
            </CircleMarker>
          )}
        </MapContainer>
      </section>
    </Stack>
  );
}
